import { performance } from "node:perf_hooks";
import { Api } from "../lib/api.mjs";
import type { Receiver } from "../lib/receiver.mjs";
import { percentile, round } from "../lib/stats.mjs";
import {
  type BenchNodes,
  benchProject,
  type IngestOptions,
  type IngestPlan,
  type JanusEvent,
  type Login,
  makeRooms,
  planIngest,
  postPlan,
  settle,
  tellNodes,
} from "./janus-ingest.mjs";

/**
 * Issue 42's join storm (measured in `npm run bench`, not in tests): `participants` people joining
 * one org's rooms (5 per room) within `spreadMs`, as four Janus nodes post it (sessions, handles,
 * joins, WebRTC up, publications). Reported: the time until every room is active with everyone in
 * it. Joins emit no webhook (the vocabulary has none for a join: docs/webhooks.md), so the storm
 * then has everyone leave within the same spread and reports the time until every room is ended
 * and every webhook of it (each `participant.left`, each `room.ended`) was emitted: recorded and
 * delivered to a receiver endpoint subscribed to both.
 */

export interface JoinStormResult {
  participants: number;
  rooms: number;
  /** Over how long the joins were posted. */
  post_seconds: number;
  post_p99_ms: number | null;
  failed_posts: number;
  /** From the first join posted until every room is active with all its participants present. */
  settled_seconds: number;
  /** Rooms not right by the deadline (must be 0). */
  wrong_rooms: number;
  /** The leave half: from its first post until every room is ended. */
  leave_post_p99_ms: number | null;
  leave_failed_posts: number;
  ended_seconds: number;
  ended_wrong_rooms: number;
  /** participant.left per participant plus room.ended per room. */
  webhooks_expected: number;
  /** Distinct webhooks delivered by the deadline (must equal webhooks_expected). */
  webhooks_received: number;
  /** From the leaves' first post until the last of those webhooks arrived (null: not all did). */
  webhooks_seconds: number | null;
}

const PER_ROOM = 5;
/** The receiver path of the storm's endpoint (`/e/<n>`), apart from the delivery section's. */
const STORM_ENDPOINT = 9_000;
const DEADLINE_MS = 120_000;

const isLeave = (e: JanusEvent): boolean =>
  (e.type === 64 && (e.event.data as { event?: string } | undefined)?.event === "leaving") ||
  (e.type === 2 && e.event.name === "detached") ||
  (e.type === 1 && e.event.name === "destroyed") ||
  (e.type === 16 && e.event.connection === "hangup");

/** Each node's events cut into arrays of 100, as Janus's sample handler groups them. */
function arraysOf(perNode: JanusEvent[][]): JanusEvent[][][] {
  return perNode.map((events) => {
    const arrays: JanusEvent[][] = [];
    for (let i = 0; i < events.length; i += 100) arrays.push(events.slice(i, i + 100));
    return arrays;
  });
}

/** A project key's endpoint for participant.left and room.ended (a workspace endpoint cannot take participant.left). */
async function stormEndpoint(api: Api, projectId: string, receiver: Receiver): Promise<void> {
  const key = await api.call<{ project_key: string }>(
    "POST",
    `/v1/workspace/projects/${projectId}/api-keys`,
    {
      name: "Join storm webhooks",
      scope: "webhooks:write",
      grants: [],
    },
  );
  const keyed = new Api(api.base);
  keyed.token = key.project_key;
  const created = await keyed.call<{ signing_secret?: string; secret?: string }>(
    "POST",
    "/v1/webhooks/endpoints",
    {
      url: `https://127.0.0.1:${receiver.port}/e/${STORM_ENDPOINT}`,
      events: ["participant.left", "room.ended"],
    },
  );
  receiver.secrets.set(STORM_ENDPOINT, created.signing_secret ?? created.secret ?? "");
}

/** Waits for `expected` distinct deliveries to the storm's endpoint; the last one's arrival (epoch ms). */
async function webhooksIn(
  receiver: Receiver,
  expected: number,
): Promise<{ received: number; lastAt: number | null }> {
  const started = performance.now();
  for (;;) {
    const firsts = new Map<string, number>();
    for (const a of receiver.arrivals)
      if (a.endpoint === STORM_ENDPOINT && !firsts.has(a.webhookId)) firsts.set(a.webhookId, a.arrivedAt);
    if (firsts.size >= expected) return { received: firsts.size, lastAt: Math.max(...firsts.values()) };
    if (performance.now() - started > DEADLINE_MS) return { received: firsts.size, lastAt: null };
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dataOf = (e: JanusEvent) => e.event.data as { event?: string; room?: string; id?: number } | undefined;

/**
 * The storm's two plans: every participant's joins (sessions, handles, `joined`, WebRTC up,
 * `published`), then every participant's leave. planIngest keeps one participant in every other
 * room; here their leave is added after everything else on their node, so every room ends.
 */
export function stormPlans(
  roomIds: readonly string[],
  nodes: BenchNodes,
  sessionToken: IngestOptions["sessionToken"],
): { joins: IngestPlan; leaves: IngestPlan } {
  const full = planIngest(roomIds, {
    participantsPerRoom: PER_ROOM,
    statsPerParticipant: 0,
    posters: nodes.secrets.length,
    nodeOf: (id) => nodes.placement.get(id) ?? 0,
    sessionToken,
  });
  const expected = new Map(roomIds.map((id) => [id, "ended" as const]));
  const joins = arraysOf(full.posts.map((arrays) => arrays.flat().filter((e) => !isLeave(e))));
  const leaves = arraysOf(
    full.posts.map((arrays) => {
      const flat = arrays.flat();
      const left = new Set(
        flat.filter((e) => e.type === 64 && dataOf(e)?.event === "leaving").map((e) => e.handle_id),
      );
      const last = flat.reduce((t, e) => Math.max(t, e.timestamp), 0);
      const stayers = flat.filter(
        (e) => e.type === 64 && dataOf(e)?.event === "joined" && !left.has(e.handle_id),
      );
      const extra: JanusEvent[] = stayers.map((j, i) => ({
        ...j,
        timestamp: last + i + 1,
        event: {
          plugin: "janus.plugin.videoroom",
          data: { event: "leaving", room: dataOf(j)?.room, id: dataOf(j)?.id },
        },
      }));
      return [...flat.filter(isLeave), ...extra];
    }),
  );
  return {
    joins: { posts: joins, events: joins.flat(2).length, expected: full.expected },
    leaves: { posts: leaves, events: leaves.flat(2).length, expected },
  };
}

export async function joinStorm(
  base: string,
  login: Login,
  receiver: Receiver,
  settings: {
    participants: number;
    spreadMs: number;
    nodes: BenchNodes;
    sessionToken: IngestOptions["sessionToken"];
  },
): Promise<JoinStormResult> {
  const project = await benchProject(base, login);
  await stormEndpoint(project.api, project.projectId, receiver);
  const roomIds = await makeRooms(project, Math.ceil(settings.participants / PER_ROOM), settings.nodes);
  const { joins: joinPlan, leaves: leavePlan } = stormPlans(roomIds, settings.nodes, settings.sessionToken);
  const url = `${base}/v1/internal/media/janus`;
  await tellNodes(settings.nodes, [joinPlan]);
  const run = await postPlan(url, settings.nodes.secrets, joinPlan, settings.spreadMs);
  const settled = await settle(
    [project],
    (_id, s) => s?.state === "active" && s.present === PER_ROOM,
    roomIds,
    run.t0,
    DEADLINE_MS,
  );

  const leaveStartedAt = Date.now();
  await tellNodes(settings.nodes, [joinPlan, leavePlan]);
  const leaveRun = await postPlan(url, settings.nodes.secrets, leavePlan, settings.spreadMs);
  const ended = await settle([project], (_id, s) => s?.state === "ended", roomIds, leaveRun.t0, DEADLINE_MS);
  const expected = roomIds.length * PER_ROOM + roomIds.length;
  const hooks = await webhooksIn(receiver, expected);
  return {
    participants: roomIds.length * PER_ROOM,
    rooms: roomIds.length,
    post_seconds: round(run.seconds) ?? 0,
    post_p99_ms: round(percentile(run.latencies, 99)),
    failed_posts: run.failed,
    settled_seconds: round(settled.seconds) ?? 0,
    wrong_rooms: settled.wrong,
    leave_post_p99_ms: round(percentile(leaveRun.latencies, 99)),
    leave_failed_posts: leaveRun.failed,
    ended_seconds: round(ended.seconds) ?? 0,
    ended_wrong_rooms: ended.wrong,
    webhooks_expected: expected,
    webhooks_received: hooks.received,
    webhooks_seconds: hooks.lastAt === null ? null : (round((hooks.lastAt - leaveStartedAt) / 1000) ?? null),
  };
}
