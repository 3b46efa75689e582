import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { janusCredential } from "@/lib/media/janus/credential";
import { ingestJanusEvents } from "@/lib/media/janus/ingest-janus-events";
import type { JanusEvent } from "@/lib/media/janus/janus-events";
import { createRoom } from "@/lib/rooms/create-room";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { appliedBy, drainMediaIntake } from "./helpers/media-intake";

/**
 * A POST of Janus's event handler applies as one batch (lib/media/apply-observations.ts,
 * docs/decisions/1106): in the order Janus sent it, with the same outcome as one event at a time,
 * and batches of several nodes at once neither deadlock nor lose an event (on PostgreSQL they did,
 * over the org's room counters, before those were locked up front). No Janus process: the events
 * are built as Janus's sample event handler writes them.
 */

const SECRET = "batch-token-secret-0123456789abcdef";
const VIDEOROOM = "janus.plugin.videoroom";

let org: TestOrg;
let ids = 5_000_000;
let clock = Date.now() * 1000;

beforeAll(async () => {
  org = await createOrg();
});

async function makeRooms(n: number): Promise<string[]> {
  const db = await getDb();
  const made: string[] = [];
  for (let i = 0; i < n; i++) {
    made.push(
      (
        await createRoom(db, org.id, {
          project_id: org.projectId,
          name: `b${i}`,
          type: "meeting",
          record: "manual",
        })
      ).id,
    );
  }
  return made;
}

/** One participant's join and (if `leaves`) leave of a room, as Janus emits them. */
function participant(roomId: string, identity: string) {
  const session = ++ids;
  const handle = ++ids;
  const feed = ++ids;
  const at = { session_id: session, handle_id: handle };
  const ev = (type: number, event: Record<string, unknown>, extra: object = at): JanusEvent => ({
    type,
    timestamp: ++clock,
    ...extra,
    event,
  });
  const token = janusCredential(SECRET, {
    roomId,
    identity,
    role: "publisher",
    expiresAt: new Date(Date.now() + 3_600_000),
  }).token;
  return {
    join: (): JanusEvent[] => [
      ev(2, { name: "attached", plugin: VIDEOROOM, token }),
      ev(64, { plugin: VIDEOROOM, data: { event: "joined", room: roomId, id: feed, display: identity } }),
    ],
    leave: (): JanusEvent[] => [
      ev(64, { plugin: VIDEOROOM, data: { event: "leaving", room: roomId, id: feed } }),
      ev(2, { name: "detached", plugin: VIDEOROOM }),
      ev(1, { name: "destroyed" }, { session_id: session }),
    ],
  };
}

async function statesOf(roomIds: readonly string[]) {
  const db = await getDb();
  const rows = await db
    .select({ id: rooms.id, state: rooms.state, present: rooms.activeParticipants })
    .from(rooms)
    .where(inArray(rooms.id, [...roomIds]));
  return new Map(rows.map((r) => [r.id, r]));
}

async function countEvents(type: "participant.left" | "room.ended", roomIds: readonly string[]) {
  const db = await getDb();
  const rows = await db
    .select({ payload: events.payload })
    .from(events)
    .where(and(eq(events.orgId, org.id), eq(events.type, type)));
  const mine = new Set(roomIds);
  return rows.filter((r) => {
    const object = (r.payload as { data?: { object?: { room_id?: string; id?: string } } }).data?.object;
    return mine.has(object?.room_id ?? object?.id ?? "");
  }).length;
}

describe("Janus event batches", () => {
  it("apply a POST's events in order, joins and leaves of several rooms at once, and a repeat changes nothing", async () => {
    const roomIds = await makeRooms(4);
    const people = roomIds.map((r, i) => [participant(r, `a${i}`), participant(r, `b${i}`)] as const);
    // Rooms 0 and 1: both join, both leave, all in one POST (a leave after its join). Rooms 2 and
    // 3: both join, one leaves.
    const batch = [
      ...people.flatMap(([a, b]) => [...a.join(), ...b.join()]),
      ...people.slice(0, 2).flatMap(([a, b]) => [...a.leave(), ...b.leave()]),
      ...people.slice(2).flatMap(([a]) => a.leave()),
    ];
    const db = await getDb();
    const first = await ingestJanusEvents(db, batch, SECRET);
    expect(first.received).toBe(batch.length);
    expect(await appliedBy(first.id)).toBeGreaterThan(0);
    const states = await statesOf(roomIds);
    expect(roomIds.map((id) => states.get(id)?.state)).toEqual(["ended", "ended", "active", "active"]);
    expect(roomIds.map((id) => states.get(id)?.present)).toEqual([0, 0, 1, 1]);
    expect(await countEvents("participant.left", roomIds)).toBe(6);
    expect(await countEvents("room.ended", roomIds)).toBe(2);
    // Janus re-posting the same array (a lost answer) applies nothing more.
    expect(await appliedBy((await ingestJanusEvents(db, batch, SECRET)).id)).toBe(0);
    expect(await countEvents("participant.left", roomIds)).toBe(6);
    expect(await countEvents("room.ended", roomIds)).toBe(2);
  });

  it("from several nodes at once, sharing an org's rooms and counters, neither deadlock nor lose an event", async () => {
    const fresh = await createOrg();
    org = fresh;
    const roomIds = await makeRooms(24);
    // Six nodes, each posting batches that mix the rooms dealt to it in another order, each room
    // ending (everyone leaves) or staying active (one stays): the org's counters are changed by
    // every batch, in a different order each.
    const nodes = Array.from({ length: 6 }, (_, n) => roomIds.filter((_, i) => i % 6 === n));
    const expected = new Map<string, string>();
    const posts = nodes.map((mine, n) => {
      const order = n % 2 === 0 ? mine : [...mine].reverse();
      const ps = order.map((r, i) => {
        expected.set(r, i % 2 === 0 ? "ended" : "active");
        return { r, a: participant(r, `x${n}-${i}`), b: participant(r, `y${n}-${i}`), ends: i % 2 === 0 };
      });
      return [
        ps.flatMap((p) => [...p.a.join(), ...p.b.join()]),
        ps.flatMap((p) => (p.ends ? [...p.a.leave(), ...p.b.leave()] : p.b.leave())),
      ];
    });
    const db = await getDb();
    await Promise.all(
      posts.map(async (arrays) => {
        for (const body of arrays) await ingestJanusEvents(db, body, SECRET);
      }),
    );
    // Stored, then applied by the intake job (lib/media/intake.ts): each node's requests in order.
    await drainMediaIntake();
    const states = await statesOf(roomIds);
    for (const [id, state] of expected) expect(states.get(id)?.state).toBe(state);
    expect(await countEvents("room.ended", roomIds)).toBe(12);
    expect(await countEvents("participant.left", roomIds)).toBe(12 * 2 + 12);
  });
});
