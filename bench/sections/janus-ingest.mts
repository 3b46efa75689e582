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
    const node = i % opts.posters;
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
  events: number;
  posts: number;
  posters: number;
  seconds: number;
  events_per_s: number;
  target_events_per_s: number;
  met: boolean;
  post_p50_ms: number | null;
  post_p99_ms: number | null;
  failed_posts: number;
  /** Rooms whose state after the run is not what their events say (must be 0). */
  wrong_states: number;
}

/** Posts the plan (each node serially, nodes at once) and times it from the first post to the last answer. */
export async function postPlan(
  url: string,
  eventsSecret: string,
  plan: IngestPlan,
): Promise<{ seconds: number; latencies: number[]; failed: number }> {
  const auth = `Basic ${Buffer.from(`janus:${eventsSecret}`).toString("base64")}`;
  const latencies: number[] = [];
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    plan.posts.map(async (arrays) => {
      for (const body of arrays) {
        const t = performance.now();
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: auth },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (!res.ok) failed++;
      }
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, latencies, failed };
}

export function ingestResult(
  plan: IngestPlan,
  run: { seconds: number; latencies: number[]; failed: number },
  target: number,
  wrongStates: number,
): JanusIngestResult {
  const rate = plan.events / run.seconds;
  return {
    rooms: plan.expected.size,
    events: plan.events,
    posts: plan.posts.reduce((n, p) => n + p.length, 0),
    posters: plan.posts.length,
    seconds: round(run.seconds) ?? 0,
    events_per_s: Math.round(rate),
    target_events_per_s: target,
    met: rate >= target && run.failed === 0 && wrongStates === 0,
    post_p50_ms: round(percentile(run.latencies, 50)),
    post_p99_ms: round(percentile(run.latencies, 99)),
    failed_posts: run.failed,
    wrong_states: wrongStates,
  };
}

/**
 * The whole section against a running app started with SVC_MEDIA_PLANE=janus: a project of its own
 * with `rooms` rooms made through the API, the plan posted, then every room read back through the
 * API and compared with what its events say.
 */
export async function janusIngest(
  base: string,
  login: { email: string; password: string },
  settings: {
    rooms: number;
    eventsSecret: string;
    target: number;
    sessionToken: IngestOptions["sessionToken"];
  },
): Promise<JanusIngestResult> {
  const api = new Api(base);
  await api.login(login.email, login.password);
  const project = await api.call<{ id: string }>("POST", "/v1/workspace/projects", {
    name: "Janus ingest bench",
  });
  const roomIds: string[] = [];
  const makers = Array.from({ length: 8 }, async () => {
    while (roomIds.length < settings.rooms) {
      const placeholder = roomIds.push("") - 1;
      const room = await api.call<{ id: string }>("POST", "/v1/workspace/rooms", {
        project_id: project.id,
        name: `ingest ${placeholder}`,
      });
      roomIds[placeholder] = room.id;
    }
  });
  await Promise.all(makers);
  const plan = planIngest(roomIds, {
    participantsPerRoom: 3,
    statsPerParticipant: 2,
    posters: 4,
    sessionToken: settings.sessionToken,
  });
  const run = await postPlan(`${base}/v1/internal/media/janus`, settings.eventsSecret, plan);
  const states = new Map<string, string>();
  for (let cursor: string | null = ""; cursor !== null; ) {
    const page: { items: { id: string; state: string }[]; next_cursor: string | null } = await api.call(
      "GET",
      `/v1/workspace/rooms?project_id=${project.id}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    for (const r of page.items) states.set(r.id, r.state);
    cursor = page.next_cursor;
  }
  let wrong = 0;
  for (const [id, expected] of plan.expected) if (states.get(id) !== expected) wrong++;
  return ingestResult(plan, run, settings.target, wrong);
}
