import { performance } from "node:perf_hooks";
import { Api } from "../lib/api.mjs";
import { percentile, round } from "../lib/stats.mjs";

/**
 * Issue 34 item 7: the Janus event ingest (`POST /v1/internal/media/janus`, basic auth with
 * JANUS_EVENTS_SECRET) under what Janus's sample event handler really sends: JSON arrays of up
 * to 100 events (`grouping = true`), every type mixed (sessions, handles, WebRTC and media
 * statistics, VideoRoom joins, publications and leaves), for 1,000 rooms, in order per room (one
 * node posts a room's events in the order they happened), from a few nodes at once. Every room's
 * final state is then read back and must be exactly what its events say: rooms whose
 * participants all left are `ended`, rooms where one stayed are `active`.
 * Targets: 2,000 events/s on PostgreSQL, 1,000 on PGlite (docs/media-plane-testing.md).
 */

export const JANUS_INGEST_TARGETS = { postgres: 2000, embedded: 1000 } as const;

/** One event as Janus's sample handler serialises it (docs: docs/janus-facts.md). */
export interface JanusEvent {
  emitter: string;
  type: number;
  subtype?: number;
  timestamp: number;
  session_id?: number;
  handle_id?: number;
  opaque_id?: string;
  event: Record<string, unknown>;
}

export interface IngestPlan {
  /** Per poster (a Janus node): the arrays it posts, in order. */
  posts: JanusEvent[][][];
  events: number;
  /** The state each room must end in. */
  expected: Map<string, "active" | "ended">;
}

export interface IngestOptions {
  participantsPerRoom: number;
  statsPerParticipant: number;
  posters: number;
  /** The poster (node) that carries a room: where the app placed it (default: room i on node i % posters). */
  nodeOf?: (roomId: string, index: number) => number;
  /** The session token a client of the room held (Janus copies it into `attached`). */
  sessionToken: (roomId: string, identity: string) => string;
}

const VIDEOROOM = "janus.plugin.videoroom";

/** A deterministic sequence, so two runs post the same events. */
function counter(start: number): () => number {
  let n = start;
  return () => ++n;
}

/** The events of one room, in the order Janus emits them; half the rooms end with everyone gone. */
function roomEvents(
  roomId: string,
  roomIndex: number,
  node: string,
  opts: IngestOptions,
  ids: () => number,
  clock: () => number,
): { events: JanusEvent[]; state: "active" | "ended" } {
  const everyoneLeaves = roomIndex % 2 === 0;
  const people = Array.from({ length: opts.participantsPerRoom }, (_, p) => ({
    identity: `bench-${roomIndex}-${p}`,
    session: ids(),
    handle: ids(),
    feed: ids(),
  }));
  const events: JanusEvent[] = [];
  const push = (e: Omit<JanusEvent, "emitter" | "timestamp">) =>
    events.push({ emitter: node, timestamp: clock(), ...e });
  for (const p of people) {
    const at = { session_id: p.session, handle_id: p.handle, opaque_id: `svc-${p.identity}` };
    push({
      type: 1,
      session_id: p.session,
      event: { name: "created", transport: { transport: "janus.transport.websockets", id: p.session } },
    });
    push({
      type: 2,
      ...at,
      event: { name: "attached", plugin: VIDEOROOM, token: opts.sessionToken(roomId, p.identity) },
    });
    push({
      type: 64,
      ...at,
      event: {
        plugin: VIDEOROOM,
        data: { event: "joined", room: roomId, id: p.feed, private_id: ids(), display: p.identity },
      },
    });
    push({ type: 8, ...at, event: { owner: "remote", jsep: { type: "offer", sdp: "v=0 (elided)" } } });
    push({ type: 16, ...at, event: { ice: "connected", stream_id: 1, component_id: 1 } });
    push({ type: 16, ...at, event: { connection: "webrtcup" } });
    push({
      type: 64,
      ...at,
      event: {
        plugin: VIDEOROOM,
        data: {
          event: "published",
          room: roomId,
          id: p.feed,
          streams: [
            { type: "audio", mindex: 0, mid: "0", codec: "opus" },
            { type: "video", mindex: 1, mid: "1", codec: "vp8" },
          ],
        },
      },
    });
  }
  for (let s = 0; s < opts.statsPerParticipant; s++) {
    for (const p of people) {
      push({
        type: 32,
        subtype: 3,
        session_id: p.session,
        handle_id: p.handle,
        event: {
          mid: s % 2 === 0 ? "0" : "1",
          mindex: s % 2,
          media: s % 2 === 0 ? "audio" : "video",
          base: s % 2 === 0 ? 48000 : 90000,
          rtt: 2,
          lost: 0,
          "lost-by-remote": 0,
          "jitter-local": 0,
          "jitter-remote": 0,
          "in-link-quality": 100,
          "in-media-link-quality": 100,
          "out-link-quality": 100,
          "out-media-link-quality": 100,
          "packets-received": 250 * (s + 1),
          "packets-sent": 0,
          "bytes-received": 40_000 * (s + 1),
          "bytes-sent": 0,
          "bytes-received-lastsec": 40_000,
          "bytes-sent-lastsec": 0,
          "nacks-received": 0,
          "nacks-sent": 0,
          "retransmissions-received": 0,
        },
      });
    }
  }
  const leavers = everyoneLeaves ? people : people.slice(1);
  for (const p of leavers) {
    const at = { session_id: p.session, handle_id: p.handle };
    push({
      type: 64,
      ...at,
      event: { plugin: VIDEOROOM, data: { event: "leaving", room: roomId, id: p.feed } },
    });
    push({ type: 16, ...at, event: { connection: "hangup", reason: "Close PC" } });
    push({ type: 2, ...at, event: { name: "detached", plugin: VIDEOROOM } });
    push({ type: 1, session_id: p.session, event: { name: "destroyed" } });
  }
  return { events, state: everyoneLeaves ? "ended" : "active" };
}

/**
 * The whole run's posts: rooms dealt to `posters` nodes; each node interleaves its rooms' events
 * (one from each room in turn, so an array mixes rooms and types) and cuts arrays of 100.
 */
export function planIngest(roomIds: readonly string[], opts: IngestOptions): IngestPlan {
  const ids = counter(1_000_000);
  const t0 = Date.now() * 1000;
  const clock = counter(t0);
  const expected = new Map<string, "active" | "ended">();
  const perNode: JanusEvent[][][] = Array.from({ length: opts.posters }, () => []);
  roomIds.forEach((roomId, i) => {
    const node = opts.nodeOf ? opts.nodeOf(roomId, i) : i % opts.posters;
    const { events, state } = roomEvents(roomId, i, `bench-node-${node}`, opts, ids, clock);
    expected.set(roomId, state);
    perNode[node]?.push(events);
  });
  let total = 0;
  const posts = perNode.map((streams) => {
    const merged: JanusEvent[] = [];
    const cursor = streams.map(() => 0);
    for (let left = streams.reduce((n, s) => n + s.length, 0); left > 0; ) {
      streams.forEach((s, r) => {
        const at = cursor[r] ?? 0;
        const e = s[at];
        if (e) {
          merged.push(e);
          cursor[r] = at + 1;
          left--;
        }
      });
    }
    total += merged.length;
    const arrays: JanusEvent[][] = [];
    for (let i = 0; i < merged.length; i += 100) arrays.push(merged.slice(i, i + 100));
    return arrays;
  });
  return { posts, events: total, expected };
}

export interface JanusIngestResult {
  rooms: number;
  orgs: number;
  events: number;
  posts: number;
  posters: number;
  /** From the first post until every room is in the state its events say (the pipeline applied them). */
  seconds: number;
  /** From the first post to the last answer (the intake stores; the job applies after). */
  post_seconds: number;
  events_per_s: number;
  target_events_per_s: number;
  met: boolean;
  post_p50_ms: number | null;
  post_p99_ms: number | null;
  failed_posts: number;
  /** Rooms whose state after the run is not what their events say (must be 0). */
  wrong_states: number;
}

/**
 * Tells each stub node who is in its rooms once `plans` (in order) were emitted: the VideoRoom
 * participant ids of every `joined` without its `leaving`. Reconcile lists them as a real node
 * would after the posts (bench/lib/janus-stub-server.mjs).
 */
export async function tellNodes(nodes: BenchNodes, plans: readonly IngestPlan[]): Promise<void> {
  const perNode = nodes.urls.map(() => new Map<string, Set<number>>());
  for (const plan of plans)
    plan.posts.forEach((arrays, node) => {
      for (const e of arrays.flat()) {
        const data = e.event.data as { event?: string; room?: string; id?: number } | undefined;
        if (e.type !== 64 || !data?.room || data.id === undefined) continue;
        const rooms = perNode[node];
        const present = rooms?.get(data.room) ?? new Set<number>();
        if (data.event === "joined") present.add(data.id);
        if (data.event === "leaving") present.delete(data.id);
        rooms?.set(data.room, present);
      }
    });
  await Promise.all(
    nodes.urls.map(async (url, node) => {
      const rooms = Object.fromEntries(
        [...(perNode[node] ?? new Map()).entries()].map(([r, ids]) => [r, [...ids]]),
      );
      const res = await fetch(`${url.replace(/\/janus$/, "")}/control/participants`, {
        method: "POST",
        body: JSON.stringify({ rooms }),
      });
      if (!res.ok) throw new Error(`stub node ${url} answered ${res.status}`);
    }),
  );
}

/**
 * Posts the plan (each node serially, with its own events credential; nodes at once) and times it
 * from the first post to the last answer.
 */
export async function postPlan(
  url: string,
  secrets: readonly string[],
  plan: IngestPlan,
  /** Spread each node's posts evenly over this long (the join storm), instead of back to back. */
  spreadMs = 0,
): Promise<{ seconds: number; latencies: number[]; failed: number; t0: number }> {
  const auth = (node: number) => `Basic ${Buffer.from(`janus:${secrets[node] ?? ""}`).toString("base64")}`;
  const latencies: number[] = [];
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    plan.posts.map(async (arrays, node) => {
      for (const [i, body] of arrays.entries()) {
        if (spreadMs > 0) {
          const due = t0 + (spreadMs * i) / arrays.length;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
        const t = performance.now();
        try {
          const res = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: auth(node) },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
          await res.arrayBuffer();
          if (!res.ok) failed++;
        } catch {
          // Janus's own timeout is 10 s: a post without an answer by then is a failed post.
          failed++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, latencies, failed, t0 };
}

export function ingestResult(
  plan: IngestPlan,
  run: { seconds: number; latencies: number[]; failed: number },
  appliedSeconds: number,
  target: number,
  wrongStates: number,
  orgs: number,
): JanusIngestResult {
  const rate = plan.events / appliedSeconds;
  return {
    rooms: plan.expected.size,
    orgs,
    events: plan.events,
    posts: plan.posts.reduce((n, p) => n + p.length, 0),
    posters: plan.posts.length,
    seconds: round(appliedSeconds) ?? 0,
    post_seconds: round(run.seconds) ?? 0,
    events_per_s: Math.round(rate),
    target_events_per_s: target,
    met: rate >= target && run.failed === 0 && wrongStates === 0,
    post_p50_ms: round(percentile(run.latencies, 50)),
    post_p99_ms: round(percentile(run.latencies, 99)),
    failed_posts: run.failed,
    wrong_states: wrongStates,
  };
}

export type Login = { email: string; password: string };

/** A signed-in org with a fresh project for the bench's rooms. */
export async function benchProject(base: string, login: Login): Promise<{ api: Api; projectId: string }> {
  const api = new Api(base);
  await api.login(login.email, login.password);
  const project = await api.call<{ id: string }>("POST", "/v1/workspace/projects", {
    name: `Janus ingest bench ${Date.now()}`,
  });
  return { api, projectId: project.id };
}

/**
 * The bench's Janus nodes as the app is configured with them (bench/lib/janus-stub.mts): the
 * public URL a token answer names for each (so a room's node is known), each node's own events
 * credential (nodeEventsSecret: a node speaks only for its rooms, docs/decisions/1215), and where
 * makeRooms saw each room placed.
 */
export interface BenchNodes {
  /** The nodes' names: their JANUS_URL entries (the stubs' addresses). */
  urls: readonly string[];
  publicUrls: readonly string[];
  secrets: readonly string[];
  placement: Map<string, number>;
}

/**
 * `n` rooms in the project, each placed on the media node as a real room is: by the first room
 * token minted for it through the API (lib/media/place-room.ts), which opens it on the node (the
 * bench's stub, bench/lib/janus-stub.mts). The pipeline ignores events about a room not placed on
 * the node that sent them (lib/media/connections.ts), so unplaced rooms would measure nothing.
 */
export async function makeRooms(
  p: { api: Api; projectId: string },
  n: number,
  nodes: BenchNodes,
): Promise<string[]> {
  const key = await p.api.call<{ project_key: string }>(
    "POST",
    `/v1/workspace/projects/${p.projectId}/api-keys`,
    {
      name: `Janus bench placement ${Date.now()}`,
      scope: "rooms:write",
    },
  );
  const minter = new Api(p.api.base);
  minter.token = key.project_key;
  const ids: string[] = [];
  const makers = Array.from({ length: 8 }, async () => {
    while (ids.length < n) {
      const placeholder = ids.push("") - 1;
      const room = await p.api.call<{ id: string }>("POST", "/v1/workspace/rooms", {
        project_id: p.projectId,
        name: `ingest ${placeholder}`,
      });
      const minted = await minter.call<{ media?: { url?: string } }>("POST", "/v1/auth/tokens/room", {
        roomId: room.id,
        identity: "bench-placement",
        role: "publisher",
      });
      const node = nodes.publicUrls.indexOf(minted.media?.url ?? "");
      if (node < 0) throw new Error(`room ${room.id} was placed on no bench node (${minted.media?.url})`);
      nodes.placement.set(room.id, node);
      ids[placeholder] = room.id;
    }
  });
  await Promise.all(makers);
  return ids;
}

/** Every room's state and presence now, through the API (one project's rooms). */
async function roomStates(p: {
  api: Api;
  projectId: string;
}): Promise<Map<string, { state: string; present: number }>> {
  const states = new Map<string, { state: string; present: number }>();
  for (let cursor: string | null = ""; cursor !== null; ) {
    const page: {
      items: { id: string; state: string; active_participants: number }[];
      next_cursor: string | null;
    } = await p.api.call(
      "GET",
      `/v1/workspace/rooms?project_id=${p.projectId}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    for (const r of page.items) states.set(r.id, { state: r.state, present: r.active_participants });
    cursor = page.next_cursor;
  }
  return states;
}

/**
 * Polls until every room is as `right` says (the pipeline applied everything) or `deadlineMs`
 * passed; returns when that was, from `t0`, and how many rooms are still wrong.
 */
export async function settle(
  projects: { api: Api; projectId: string }[],
  right: (id: string, s: { state: string; present: number } | undefined) => boolean,
  ids: readonly string[],
  t0: number,
  deadlineMs: number,
): Promise<{ seconds: number; wrong: number }> {
  for (;;) {
    const all = new Map<string, { state: string; present: number }>();
    try {
      for (const p of projects) for (const [k, v] of await roomStates(p)) all.set(k, v);
    } catch (err) {
      // A read refused while the app is saturated (a 503): read again, until the deadline.
      if (performance.now() - t0 > deadlineMs) throw err;
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    const wrong = ids.filter((id) => !right(id, all.get(id))).length;
    const seconds = (performance.now() - t0) / 1000;
    if (wrong === 0 || performance.now() - t0 > deadlineMs) return { seconds, wrong };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The whole section against a running app started with SVC_MEDIA_PLANE=janus: `rooms` rooms made
 * through the API in one org's project, or spread over several orgs (`logins`, the mixed layout:
 * every node carries rooms of every org), the plan posted, then every room read back through the
 * API until it is what its events say (the intake answers once events are stored; the job applies
 * them after), or 120 s passed.
 */
export async function janusIngest(
  base: string,
  logins: Login[],
  settings: {
    rooms: number;
    nodes: BenchNodes;
    target: number;
    sessionToken: IngestOptions["sessionToken"];
  },
): Promise<JanusIngestResult> {
  const projects = await Promise.all(logins.map((l) => benchProject(base, l)));
  const perOrg = await Promise.all(
    projects.map((p) => makeRooms(p, Math.ceil(settings.rooms / projects.length), settings.nodes)),
  );
  // The app places rooms on the node with the fewest open rooms, so every node carries rooms of
  // every org; each room's events come from the node it was placed on.
  const roomIds: string[] = [];
  const cursor = perOrg.map(() => 0);
  for (let k = 0; k < settings.rooms; k++) {
    const o = Math.floor(k / 4) % perOrg.length;
    const id = perOrg[o]?.[cursor[o] ?? 0];
    cursor[o] = (cursor[o] ?? 0) + 1;
    if (id) roomIds.push(id);
  }
  const plan = planIngest(roomIds, {
    participantsPerRoom: 3,
    statsPerParticipant: 2,
    posters: settings.nodes.secrets.length,
    nodeOf: (id) => settings.nodes.placement.get(id) ?? 0,
    sessionToken: settings.sessionToken,
  });
  await tellNodes(settings.nodes, [plan]);
  const run = await postPlan(`${base}/v1/internal/media/janus`, settings.nodes.secrets, plan);
  const settled = await settle(
    projects,
    (id, s) => s?.state === plan.expected.get(id),
    roomIds,
    run.t0,
    120_000,
  );
  return ingestResult(plan, run, settled.seconds, settings.target, settled.wrong, projects.length);
}
