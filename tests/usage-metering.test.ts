import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { participantSpans, roomSessions, usageDaily } from "@/db/schema";
import { getDb } from "@/lib/db";
import { janusCredential } from "@/lib/media/janus/credential";
import { ingestJanusEvents } from "@/lib/media/janus/ingest-janus-events";
import type { JanusEvent } from "@/lib/media/janus/janus-events";
import { createRoom } from "@/lib/rooms/create-room";
import { flushTokenMints } from "@/lib/usage/record-token-mint";
import { rollUpUsage } from "@/lib/usage/roll-up-usage";
import { utcDay } from "@/lib/usage/usage-days";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { drainMediaIntake } from "./helpers/media-intake";

/**
 * Metering exactly once (issue 44 item 1, docs/decisions/1310 and 1311): spans and sessions come
 * from presence in its own transaction, and the rollup recomputes. Every media event replayed
 * (Janus re-posting, a reporter re-sending under the same or a new id) leaves usage unchanged.
 * The kill mid-ingest is tests/usage-restart.test.ts.
 */

const SECRET = "usage-token-secret-0123456789abcdef";
const MEDIA_SECRET = "test-media-ingest-secret";
const VIDEOROOM = "janus.plugin.videoroom";
const T0 = Date.parse("2026-11-10T09:00:00.000Z");

let org: TestOrg;
let ids = 9_000_000;

beforeAll(async () => {
  org = await createOrg({ name: "Usage Org" });
});

async function newRoom(): Promise<string> {
  const room = await createRoom(await getDb(), org.id, {
    project_id: org.projectId,
    name: "metered",
    type: "meeting",
    record: "manual",
  });
  return room.id;
}

/** One participant as Janus's event handler reports them, stamped at `join` and `leave` (ms since T0). */
function janusParticipant(roomId: string, identity: string, role: "publisher" | "viewer" = "publisher") {
  const session = ++ids;
  const handle = ++ids;
  const feed = ++ids;
  const at = { session_id: session, handle_id: handle };
  const ev = (ms: number, type: number, event: Record<string, unknown>, extra: object = at): JanusEvent => ({
    type,
    timestamp: (T0 + ms) * 1000,
    ...extra,
    event,
  });
  const token = janusCredential(SECRET, {
    roomId,
    identity,
    role,
    expiresAt: new Date(T0 + 86_400_000),
  }).token;
  return {
    join: (ms: number): JanusEvent[] => [
      ev(ms, 2, { name: "attached", plugin: VIDEOROOM, token }),
      ev(ms, 64, { plugin: VIDEOROOM, data: { event: "joined", room: roomId, id: feed, display: identity } }),
    ],
    leave: (ms: number): JanusEvent[] => [
      ev(ms, 64, { plugin: VIDEOROOM, data: { event: "leaving", room: roomId, id: feed } }),
      ev(ms, 2, { name: "detached", plugin: VIDEOROOM }),
      ev(ms, 1, { name: "destroyed" }, { session_id: session }),
    ],
  };
}

async function snapshot(roomIds: string[]) {
  const db = await getDb();
  await rollUpUsage(db, new Date(T0 + 3_600_000));
  const spans = await db
    .select({
      room: participantSpans.roomId,
      identity: participantSpans.identity,
      viewer: participantSpans.viewer,
      joined: participantSpans.joinedAt,
      left: participantSpans.leftAt,
      session: participantSpans.sessionId,
    })
    .from(participantSpans)
    .where(inArray(participantSpans.roomId, roomIds))
    .orderBy(asc(participantSpans.identity), asc(participantSpans.joinedAt));
  const sessions = await db
    .select()
    .from(roomSessions)
    .where(inArray(roomSessions.roomId, roomIds))
    .orderBy(asc(roomSessions.startedAt), asc(roomSessions.id));
  const usage = await db
    .select({ metric: usageDaily.metric, day: usageDaily.day, value: usageDaily.value })
    .from(usageDaily)
    .where(eq(usageDaily.orgId, org.id))
    .orderBy(asc(usageDaily.day), asc(usageDaily.metric));
  return { spans, sessions, usage };
}

const minutes = async (metric: "publisher_minutes" | "viewer_minutes") => {
  const rows = await (await getDb())
    .select({ value: usageDaily.value })
    .from(usageDaily)
    .where(and(eq(usageDaily.orgId, org.id), eq(usageDaily.metric, metric)));
  return rows.reduce((n, r) => n + r.value, 0);
};

describe("metering from presence", () => {
  it("rounds each span up to the minute, splits publishers from viewers, and a replay of every Janus event changes nothing", async () => {
    const db = await getDb();
    const [r1, r2] = [await newRoom(), await newRoom()];
    const alice = janusParticipant(r1, "alice");
    const bob = janusParticipant(r1, "bob", "viewer");
    const carol = janusParticipant(r2, "carol");
    // r1: alice 0–150 s (3 min), bob 30–90 s (1 min, viewer); r2: carol 10 s–10 min 10 s (10 min) and stays
    // until r2's second session: carol again 20–20.5 min (1 min).
    const carol2 = janusParticipant(r2, "carol");
    const posts: JanusEvent[][] = [
      [...alice.join(0), ...bob.join(30_000), ...carol.join(10_000)],
      [...bob.leave(90_000), ...alice.leave(150_000)],
      [...carol.leave(610_000)],
      [...carol2.join(1_200_000), ...carol2.leave(1_230_000)],
    ];
    for (const p of posts) await ingestJanusEvents(db, p, SECRET);
    await drainMediaIntake();
    const first = await snapshot([r1, r2]);
    expect(
      first.spans.map((s) => [s.identity, s.viewer, (s.left?.getTime() ?? 0) - s.joined.getTime()]),
    ).toEqual([
      ["alice", false, 150_000],
      ["bob", true, 60_000],
      ["carol", false, 600_000],
    ]);
    // r2 ended with carol's first leave: carol2's join is in an ended room and counts nothing.
    expect(first.sessions.map((s) => [s.roomId === r1 ? "r1" : "r2", s.peak, s.present])).toEqual([
      ["r1", 2, 0],
      ["r2", 1, 0],
    ]);
    expect(first.sessions[0]?.endedAt?.getTime()).toBe(T0 + 150_000);
    expect(await minutes("publisher_minutes")).toBe(3 + 10);
    expect(await minutes("viewer_minutes")).toBe(1);

    // Janus re-posts every array (lost answers), twice, in another order.
    for (const p of [...posts].reverse()) await ingestJanusEvents(db, p, SECRET);
    for (const p of posts) await ingestJanusEvents(db, p, SECRET);
    await drainMediaIntake();
    expect(await snapshot([r1, r2])).toEqual(first);
  });

  it("reports through the media-events endpoint, repeated under the same and new ids, count once; the room's end closes what is open", async () => {
    const room = await newRoom();
    let seq = 0;
    const reports = [
      { type: "participant.joined", identity: "dan", at: T0 },
      { type: "participant.joined", identity: "erin", at: T0 + 5_000 },
      { type: "participant.left", identity: "dan", at: T0 + 125_000 },
      { type: "room.ended", at: T0 + 200_000 },
    ].map((r) => ({
      id: `usage-rep-${room}-${++seq}`,
      type: r.type,
      room_id: room,
      occurred_at: new Date(r.at).toISOString(),
      ...(r.identity ? { participant: { identity: r.identity } } : {}),
    }));
    const send = async (body: Record<string, unknown>) => {
      const res = await call("POST", "/v1/internal/media-events", {
        headers: { authorization: `Bearer ${MEDIA_SECRET}` },
        json: body,
      });
      expect(res.status, res.text).toBe(202);
    };
    for (const r of reports) await send(r);
    await drainMediaIntake();
    const first = await snapshot([room]);
    const before = await minutes("publisher_minutes");
    // dan 125 s → 3 min; erin closed by the room's end at 200 s − 5 s → 4 min (no credential of ours: publisher).
    expect(
      first.spans.map((s) => [s.identity, s.viewer, (s.left?.getTime() ?? 0) - s.joined.getTime()]),
    ).toEqual([
      ["dan", null, 125_000],
      ["erin", null, 195_000],
    ]);
    expect(first.sessions).toHaveLength(1);
    expect(first.sessions[0]?.endedAt?.getTime()).toBe(T0 + 200_000);
    for (const r of reports) await send(r);
    for (const r of reports) await send({ ...r, id: `${r.id}-again` });
    await drainMediaIntake();
    expect(await snapshot([room])).toEqual(first);
    expect(await minutes("publisher_minutes")).toBe(before);
  });

  it("counts minted room tokens, and a join takes its role and time from token to join from its token", async () => {
    const db = await getDb();
    const room = await newRoom();
    const key = await call<{ project_key: string }>(
      "POST",
      `/v1/workspace/projects/${org.projectId}/api-keys`,
      {
        token: org.members.Owner.token,
        json: { name: "usage" },
      },
    );
    expect(key.status, key.text).toBe(201);
    const mint = (identity: string, role: string) =>
      call("POST", "/v1/auth/tokens/room", {
        headers: { authorization: `Bearer ${key.body.project_key}` },
        json: { roomId: room, identity, role },
      });
    const before = Date.now();
    expect((await mint("vera", "viewer")).status).toBe(200);
    expect((await mint("pat", "publisher")).status).toBe(200);
    // A refused mint (a role the room type does not have) counts nothing.
    expect((await mint("pat", "broadcaster")).status).toBe(422);
    await flushTokenMints(db);
    const at = (ms: number) => new Date(before + 5_000 + ms).toISOString();
    let seq = 0;
    for (const [type, identity, ms] of [
      ["participant.joined", "vera", 0],
      ["participant.joined", "pat", 1_000],
      ["participant.left", "vera", 61_000],
      ["participant.left", "pat", 62_000],
    ] as const) {
      const res = await call("POST", "/v1/internal/media-events", {
        headers: { authorization: `Bearer ${MEDIA_SECRET}` },
        json: {
          id: `tok-${room}-${++seq}`,
          type,
          room_id: room,
          occurred_at: at(ms),
          participant: { identity },
        },
      });
      expect(res.status).toBe(202);
    }
    await drainMediaIntake();
    const spans = await db
      .select()
      .from(participantSpans)
      .where(eq(participantSpans.roomId, room))
      .orderBy(asc(participantSpans.identity));
    expect(spans.map((s) => [s.identity, s.viewer, s.tokenAt !== null])).toEqual([
      ["pat", false, true],
      ["vera", true, true],
    ]);
    await rollUpUsage(db, new Date());
    const tokens = await db
      .select({ value: usageDaily.value })
      .from(usageDaily)
      .where(
        and(
          eq(usageDaily.orgId, org.id),
          eq(usageDaily.metric, "room_tokens"),
          eq(usageDaily.day, utcDay(new Date(before))),
        ),
      );
    expect(tokens.reduce((n, r) => n + r.value, 0)).toBe(2);
  });
});
