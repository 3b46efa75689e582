import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, mediaDeadLetters, mediaIntake, roomParticipants, rooms } from "@/db/schema";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { applyMediaIntake, intakeOutcome, MAX_ATTEMPTS } from "@/lib/media/apply-intake";
import { orderObservations } from "@/lib/media/apply-observations";
import type { MediaObservation } from "@/lib/media/connections";
import { endRoomsPastGrace, failOverNode } from "@/lib/media/fail-over";
import { acceptMediaIntake } from "@/lib/media/intake";
import type { MediaReport } from "@/lib/media/media-report-schema";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * The media pipeline from the neutral observations on (issue 42, docs/decisions/1200–1204): the
 * intake stores a request and the job applies it; presence is exact whatever the order; ending
 * and failover close everyone; events touch only rooms placed on the posting node; what cannot
 * apply is retried, then dead-lettered. No media server is needed: drivers are tested apart.
 */

const NODE = "node-a";
let org: TestOrg;
let projectKey: string;

beforeAll(async () => {
  org = await createOrg();
  const minted = await call<MintedApiKey>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
    token: org.members.Owner.token,
    json: { name: "pipeline" },
  });
  expect(minted.status, minted.text).toBe(201);
  projectKey = minted.body.project_key;
});

async function newRoom(node: string | null = NODE): Promise<string> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId, type: "meeting" },
  });
  expect(res.status, res.text).toBe(201);
  await (await getDb()).update(rooms).set({ mediaNode: node }).where(eq(rooms.id, res.body.id));
  return res.body.id;
}

const room = async (id: string) => {
  const [row] = await (await getDb()).select().from(rooms).where(eq(rooms.id, id));
  if (!row) throw new Error(`no room ${id}`);
  return row;
};

/** The room's webhook events in the order they were recorded, as [type, identity]. */
async function timeline(roomId: string): Promise<[string, string | undefined][]> {
  const rows = await (await getDb())
    .select()
    .from(events)
    .where(
      and(
        eq(events.orgId, org.id),
        sql`${events.payload}->'data'->'object'->>'room_id' = ${roomId} OR ${events.payload}->'data'->'object'->>'id' = ${roomId}`,
      ),
    )
    .orderBy(asc(events.createdAt));
  // Events of one transaction may share their millisecond: at equal times a room's end sorts last,
  // so an end recorded before a leave (a later time) still shows as the failure it is.
  const rank = (t: string) => (t === "room.ended" ? 1 : 0);
  const who = (r: (typeof rows)[number]) =>
    (r.payload as { data: { object: { identity?: string } } }).data.object.identity ?? "";
  rows.sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      rank(a.type) - rank(b.type) ||
      who(a).localeCompare(who(b)),
  );
  // Leaves and ends: the order these tests check (joins and their order:
  // tests/moderation-events.test.ts).
  return rows
    .filter((r) => r.type !== "room.created" && r.type !== "participant.joined")
    .map((r) => ({
      type: r.type,
      object: (r.payload as { data: { object: { identity?: string } } }).data.object,
    }))
    .map((e) => [e.type, e.object.identity]);
}

/** Observations of one room, as a driver would make them (refs unique per event). */
function on(roomId: string) {
  const t0 = Date.now() - 60_000;
  const at = (ms: number) => new Date(t0 + ms);
  return {
    at,
    connected: (conn: string, identity: string, ms: number, role = "publisher"): MediaObservation => ({
      kind: "connected",
      ref: `t:${roomId}:${conn}:connected`,
      connectionId: `${roomId}:${conn}`,
      sessionRef: `${roomId}:s:${conn}`,
      roomId,
      identity,
      role,
      at: at(ms),
    }),
    joined: (conn: string, ms: number): MediaObservation => ({
      kind: "joined",
      ref: `t:${roomId}:${conn}:joined:${ms}`,
      connectionId: `${roomId}:${conn}`,
      roomId,
      participantRef: `p-${conn}`,
      at: at(ms),
    }),
    left: (conn: string, ms: number): MediaObservation => ({
      kind: "left",
      ref: `t:${roomId}:${conn}:left:${ms}`,
      roomId,
      participantRef: `p-${conn}`,
      at: at(ms),
    }),
    disconnected: (conn: string, ms: number): MediaObservation => ({
      kind: "disconnected",
      ref: `t:${roomId}:${conn}:detached:${ms}`,
      connectionId: `${roomId}:${conn}`,
      at: at(ms),
    }),
  };
}

/** Stores a request as a driver's route does, then runs the job; what it changed. */
async function post(
  observations: MediaObservation[],
  node: string | null = NODE,
  reports: MediaReport[] = [],
): Promise<{ applied: number; ignored: number }> {
  const db = await getDb();
  const { id } = await acceptMediaIntake(db, { driver: "test", node, observations, reports });
  await applyMediaIntake(db);
  const outcome = intakeOutcome(id);
  if (!outcome) throw new Error("not applied");
  return outcome;
}

describe("the order observations apply in (docs/decisions/1201)", () => {
  it("puts a connection's join before its leave whatever their stamps, and joins before leaves at equal times", () => {
    const o = on("rm_order");
    const sorted = orderObservations([o.left("a", 84), o.joined("a", 100), o.connected("a", "alice", 90)]);
    expect(sorted.map((x) => x.kind)).toEqual(["connected", "joined", "left"]);
    const tie = orderObservations([o.left("b", 50), o.joined("c", 50), o.connected("c", "carol", 10)]);
    expect(tie.map((x) => x.kind)).toEqual(["connected", "joined", "left"]);
    // Otherwise the plane's own times, and the order sent for equal ones.
    const plain = orderObservations([o.joined("d", 30), o.joined("e", 20), o.joined("f", 20)]);
    expect(plain.map((x) => ("connectionId" in x ? x.connectionId.slice(-1) : ""))).toEqual(["e", "f", "d"]);
  });
});

describe("exact presence, whatever the order", () => {
  it("a leave stamped before its join on the same connection still closes it (one request)", async () => {
    const id = await newRoom();
    const o = on(id);
    await post([o.connected("a", "alice", 0), o.joined("a", 100), o.left("a", 84)]);
    const r = await room(id);
    expect([r.state, r.activeParticipants]).toEqual(["ended", 0]);
    expect(await timeline(id)).toEqual([
      ["participant.left", "alice"],
      ["room.ended", undefined],
    ]);
    const [p] = await (await getDb()).select().from(roomParticipants).where(eq(roomParticipants.roomId, id));
    // 0 s long: it left when it joined.
    expect(p?.leftAt?.getTime()).toBe(p?.joinedAt.getTime());
  });

  it("a leave stamped before its join still closes it when it arrives later, or first, in another request", async () => {
    const later = await newRoom();
    const a = on(later);
    await post([a.connected("a", "alice", 0), a.joined("a", 100)]);
    expect((await room(later)).state).toBe("active");
    await post([a.left("a", 84)]);
    expect((await room(later)).state).toBe("ended");

    const first = await newRoom();
    const b = on(first);
    // The leave first: nothing is known of its participant yet; it is kept for the join.
    expect((await post([b.left("b", 84)])).applied).toBe(0);
    await post([b.connected("b", "bob", 0), b.joined("b", 100)]);
    expect((await room(first)).state).toBe("ended");
    expect((await timeline(first)).map(([t]) => t)).toEqual(["participant.left", "room.ended"]);
  });

  it("a disconnect stamped before the join of its connection closes it", async () => {
    const id = await newRoom();
    const o = on(id);
    await post([
      o.connected("a", "alice", 0),
      o.connected("b", "bob", 0),
      o.joined("a", 10),
      o.joined("b", 20),
    ]);
    await post([o.disconnected("b", 5)]);
    const r = await room(id);
    expect([r.state, r.activeParticipants]).toEqual(["active", 1]);
    expect((await timeline(id)).filter(([t]) => t === "participant.left")).toEqual([
      ["participant.left", "bob"],
    ]);
  });

  it("a repeat changes nothing: the same request twice, a leave twice, a join after its leave", async () => {
    const id = await newRoom();
    const o = on(id);
    const joins = [
      o.connected("a", "alice", 0),
      o.joined("a", 10),
      o.connected("b", "bob", 0),
      o.joined("b", 11),
    ];
    expect((await post(joins)).applied).toBe(4);
    expect((await post(joins)).applied).toBe(0);
    expect((await post([o.left("a", 50)])).applied).toBe(1);
    expect((await post([o.left("a", 50), o.left("a", 51)])).applied).toBe(0);
    // The same connection's join again, stamped before its leave: stale.
    expect((await post([o.joined("a", 20)])).applied).toBe(0);
    const r = await room(id);
    expect([r.state, r.activeParticipants]).toEqual(["active", 1]);
    expect((await timeline(id)).filter(([t]) => t === "participant.left")).toHaveLength(1);
  });

  it("a join and another participant's leave in the same millisecond do not end the room between them", async () => {
    const id = await newRoom();
    const o = on(id);
    await post([o.connected("a", "alice", 0), o.joined("a", 10)]);
    await post([o.left("a", 40), o.connected("b", "bob", 30), o.joined("b", 40)]);
    const r = await room(id);
    expect([r.state, r.activeParticipants]).toEqual(["active", 1]);
  });

  it("the same handle joining again after its leave is present again", async () => {
    const id = await newRoom();
    const o = on(id);
    await post([
      o.connected("a", "alice", 0),
      o.joined("a", 10),
      o.connected("b", "bob", 0),
      o.joined("b", 10),
    ]);
    await post([o.left("a", 20)]);
    await post([{ ...o.joined("a", 30), participantRef: "p-a2" } as MediaObservation]);
    expect((await room(id)).activeParticipants).toBe(2);
  });
});

describe("events touch only rooms placed on the posting node", () => {
  it("ignores observations and reports about a room placed on another node, or on none", async () => {
    const id = await newRoom("node-b");
    const nowhere = await newRoom(null);
    const o = on(id);
    const n = on(nowhere);
    const res = await post(
      [o.connected("a", "alice", 0), o.joined("a", 10), n.connected("z", "zed", 0)],
      NODE,
      [{ id: `t:${id}:rec`, type: "participant.joined", room_id: id, participant: { identity: "x" } }],
    );
    expect(res).toMatchObject({ applied: 0, ignored: 4 });
    expect((await room(id)).state).toBe("created");
    // The node it is placed on is heard.
    expect((await post([o.connected("a", "alice", 0), o.joined("a", 10)], "node-b")).applied).toBe(2);
    expect((await room(id)).state).toBe("active");
    // A plane-wide credential (no node known) is heard for every room.
    expect((await post([n.connected("z", "zed", 0), n.joined("z", 10)], null)).applied).toBe(2);
  });
});

describe("ending a room", () => {
  it("closes its participants first (participant.left each, then room.ended) though its node is gone, and admits no credential at once", async () => {
    const id = await newRoom("node-gone");
    const o = on(id);
    await post(
      [o.connected("a", "alice", 0), o.joined("a", 10), o.connected("b", "bob", 0), o.joined("b", 12)],
      "node-gone",
    );
    const end = await call("POST", `/v1/workspace/rooms/${id}/end`, { token: org.members.Owner.token });
    expect(end.status, end.text).toBe(200);
    const r = await room(id);
    expect([r.state, r.activeParticipants]).toEqual(["ended", 0]);
    expect(await timeline(id)).toEqual([
      ["participant.left", "alice"],
      ["participant.left", "bob"],
      ["room.ended", undefined],
    ]);
    // The node's own leaves, when they come, change nothing.
    expect((await post([o.left("a", 500), o.disconnected("b", 600)], "node-gone")).applied).toBe(0);
    // The very next credential is refused.
    const mint = await call("POST", "/v1/auth/tokens/room", {
      headers: { authorization: `Bearer ${projectKey}` },
      json: { roomId: id, identity: "late", role: "publisher" },
    });
    expectProblem(mint, 409, "room_ended");
  });

  it("a natural end is in the same order: the last participant.left, then room.ended; a late join changes nothing", async () => {
    const id = await newRoom();
    const o = on(id);
    await post([o.connected("a", "alice", 0), o.joined("a", 10), o.left("a", 20)]);
    expect((await timeline(id)).map(([t]) => t)).toEqual(["participant.left", "room.ended"]);
    // Only the connection is noted; the join changes no room (and its node is told to close it).
    expect((await post([o.connected("c", "carol", 30), o.joined("c", 40)])).applied).toBe(1);
    const r = await room(id);
    expect([r.state, r.activeParticipants]).toEqual(["ended", 0]);
  });
});

describe("failover (docs/decisions/1202)", () => {
  it("a node lost: its participants leave now, the room stays joinable, and someone back on another node keeps it", async () => {
    const id = await newRoom("node-dies");
    const o = on(id);
    await post(
      [o.connected("a", "alice", 0), o.joined("a", 10), o.connected("b", "bob", 0), o.joined("b", 10)],
      "node-dies",
    );
    expect(await failOverNode(await getDb(), "node-dies", new Date())).toBe(1);
    const lost = await room(id);
    expect([lost.state, lost.activeParticipants, lost.mediaNode]).toEqual(["active", 0, null]);
    expect((await timeline(id)).map(([t, who]) => `${t}:${who}`)).toEqual([
      "participant.left:alice",
      "participant.left:bob",
    ]);
    // Events the dead node still sends are not heard: the room is placed nowhere now.
    expect((await post([o.connected("c", "carol", 20), o.joined("c", 30)], "node-dies")).ignored).toBe(2);
    // The next credential places it on a healthy node (lib/media/place-room.ts); alice joins there.
    await (await getDb()).update(rooms).set({ mediaNode: "node-b" }).where(eq(rooms.id, id));
    await post([o.connected("a2", "alice", 0), o.joined("a2", 120_000)], "node-b");
    const back = await room(id);
    expect([back.state, back.activeParticipants, back.mediaLostAt]).toEqual(["active", 1, null]);
    // Long after the grace: nothing ends a room someone came back to.
    const later = new Date(Date.now() + (env.SVC_MEDIA_FAILOVER_GRACE_SEC + 60) * 1000);
    await endRoomsPastGrace(await getDb(), later);
    expect((await room(id)).state).toBe("active");
  });

  it("a node never back: the room ends once the grace is over, after its participants' leaves", async () => {
    const id = await newRoom("node-never");
    const o = on(id);
    await post([o.connected("a", "alice", 0), o.joined("a", 10)], "node-never");
    const at = new Date();
    await failOverNode(await getDb(), "node-never", at);
    const db = await getDb();
    const grace = env.SVC_MEDIA_FAILOVER_GRACE_SEC * 1000;
    await endRoomsPastGrace(db, new Date(at.getTime() + grace - 1000));
    expect((await room(id)).state).toBe("active");
    expect(await endRoomsPastGrace(db, new Date(at.getTime() + grace + 1000))).toBeGreaterThanOrEqual(1);
    const r = await room(id);
    expect([r.state, r.endedAt?.getTime()]).toEqual(["ended", at.getTime()]);
    expect((await timeline(id)).map(([t]) => t)).toEqual(["participant.left", "room.ended"]);
  });
});

describe("durable and concurrent", () => {
  it("two instances applying one room's events at once: every join and leave once, the room right", async () => {
    const db = await getDb();
    const id = await newRoom();
    const o = on(id);
    const people = Array.from({ length: 12 }, (_, i) => `u${i}`);
    // Each person joins in one request and leaves in a later one; the last request ends the room.
    for (const [i, who] of people.entries()) {
      await acceptMediaIntake(db, {
        driver: "test",
        node: NODE,
        observations: [o.connected(who, who, i * 10), o.joined(who, i * 10 + 1)],
      });
    }
    for (const [i, who] of people.entries()) {
      await acceptMediaIntake(db, { driver: "test", node: NODE, observations: [o.left(who, 1000 + i)] });
    }
    // Two "instances" drain at once; the node's stream is applied by one at a time, in order.
    await Promise.all([applyMediaIntake(db), applyMediaIntake(db), applyMediaIntake(db)]);
    const r = await room(id);
    expect([r.state, r.activeParticipants]).toEqual(["ended", 0]);
    const t = await timeline(id);
    expect(t.filter(([k]) => k === "participant.left")).toHaveLength(people.length);
    expect(t.filter(([k]) => k === "room.ended")).toHaveLength(1);
    expect(t.at(-1)?.[0]).toBe("room.ended");
    expect(await db.select().from(mediaIntake).where(eq(mediaIntake.node, NODE))).toHaveLength(0);
  });

  it("a request claimed by an instance that died is applied once its lease runs out", async () => {
    const db = await getDb();
    const id = await newRoom("node-lease");
    const o = on(id);
    const { id: intakeId } = await acceptMediaIntake(db, {
      driver: "test",
      node: "node-lease",
      observations: [o.connected("a", "alice", 0), o.joined("a", 10)],
    });
    // Claimed by a process SIGKILLed before it committed anything.
    await db
      .update(mediaIntake)
      .set({ leaseUntil: sql`now() + interval '1 minute'` })
      .where(eq(mediaIntake.id, intakeId));
    await applyMediaIntake(db, { node: "node-lease" });
    expect((await room(id)).state).toBe("created");
    await db
      .update(mediaIntake)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(mediaIntake.id, intakeId));
    await applyMediaIntake(db, { node: "node-lease" });
    expect((await room(id)).state).toBe("active");
  });

  it("retries an item that fails, then dead-letters it and goes on with the rest of the request", async () => {
    const db = await getDb();
    const id = await newRoom("node-dl");
    const bad = { id: `t:${id}:bad`, type: "no.such.type", room_id: id } as unknown as MediaReport;
    const good: MediaReport = {
      id: `t:${id}:good`,
      type: "participant.joined",
      room_id: id,
      participant: { identity: "gail" },
    };
    const { id: intakeId } = await acceptMediaIntake(db, {
      driver: "test",
      node: "node-dl",
      observations: [],
      reports: [bad, good],
    });
    // The process's own sweep may take a turn between ours (it applies the same stored rows), so
    // each pass is checked by what it left, not by who ran it: attempts only grow, each with its
    // error, until the item is dead-lettered and the request is gone.
    const seen: number[] = [];
    const deadline = Date.now() + 30_000;
    for (;;) {
      await applyMediaIntake(db, { node: "node-dl" });
      const [row] = await db.select().from(mediaIntake).where(eq(mediaIntake.id, intakeId));
      if (!row) break;
      if (row.attempts > 0) {
        expect(row.lastError).toBeTruthy();
        if (seen.at(-1) !== row.attempts) seen.push(row.attempts);
      }
      if (Date.now() > deadline) throw new Error(`not dead-lettered; attempts seen: ${seen.join(",")}`);
      // Its retry is due later; made due now rather than waited for.
      await db.update(mediaIntake).set({ nextAt: sql`now()` }).where(eq(mediaIntake.id, intakeId));
    }
    expect(seen.length).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(Math.max(...seen)).toBe(MAX_ATTEMPTS - 1);
    const dead = await db.select().from(mediaDeadLetters).where(eq(mediaDeadLetters.intakeId, intakeId));
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ position: 0, attempts: MAX_ATTEMPTS, node: "node-dl", driver: "test" });
    expect(dead[0]?.item).toMatchObject({ type: "no.such.type" });
    expect(await db.select().from(mediaIntake).where(eq(mediaIntake.id, intakeId))).toHaveLength(0);
    // Whoever applied the last item records the outcome just after the row is deleted.
    await expect
      .poll(() => intakeOutcome(intakeId), { timeout: 10_000 })
      .toEqual({ applied: 1, ignored: 0, deadLettered: 1 });
    expect((await room(id)).state).toBe("active");
  });

  it("stores nothing for a request with nothing in it", async () => {
    expect(await acceptMediaIntake(await getDb(), { driver: "test", node: NODE, observations: [] })).toEqual({
      id: "",
      stored: 0,
    });
  });
});
