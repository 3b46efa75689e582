import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  deliveries,
  deliveryAttempts,
  emails,
  events,
  orgCounterDeltas,
  orgCounters,
  orgs,
  recordings,
  rooms,
  webhookEndpoints,
} from "@/db/schema";
import { flushKeyUsage } from "@/lib/api-keys/last-used";
import { getDb } from "@/lib/db";
import type { EmailState } from "@/lib/email/cap";
import { newId } from "@/lib/ids";
import { lastDays } from "@/lib/insights/days";
import { foldOrgCounters } from "@/lib/insights/fold-org-counters";
import { loadOrgInsights } from "@/lib/insights/load-org-insights";
import { readOrgCounters } from "@/lib/insights/read-org-counters";
import type { RoomDto } from "@/lib/rooms/room-schema";
import type { RoomState } from "@/lib/rooms/room-types";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

const NOW = new Date();
const DAY = 86_400_000;
let org: TestOrg;
let other: TestOrg;

/** `n` rooms of the org in one INSERT (the triggers aggregate per statement), `daysAgo` old. */
async function insertRooms(o: TestOrg, n: number, state: RoomState, daysAgo = 0) {
  const db = await getDb();
  const at = new Date(NOW.getTime() - daysAgo * DAY);
  const rows = Array.from({ length: n }, () => ({
    id: newId("room"),
    orgId: o.id,
    projectId: o.projectId,
    name: "r",
    type: "meeting" as const,
    state,
    shortCode: newId("room").slice(3, 13).toLowerCase(),
    createdAt: at,
  }));
  await db.insert(rooms).values(rows);
  return rows.map((r) => r.id);
}

/** The counters as readers see them: folded values plus the deltas not folded yet. */
async function counters(orgId: string) {
  const db = await getDb();
  return Object.fromEntries(await readOrgCounters(db, orgId, { prefixes: [""] }));
}

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
});

describe("room counters (triggers on rooms)", () => {
  it("count inserts per state and per UTC day, statement by statement, org by org", async () => {
    await insertRooms(org, 5, "created");
    await insertRooms(org, 2, "created", 3);
    await insertRooms(other, 4, "created");
    const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId, name: "Through the API" },
    });
    expect(res.status).toBe(201);
    const days = lastDays(NOW);
    const c = await counters(org.id);
    expect(c["rooms:created"]).toBe(8);
    expect(c[`rooms_created:${days[6]}`]).toBe(6);
    expect(c[`rooms_created:${days[3]}`]).toBe(2);
    expect((await counters(other.id))["rooms:created"]).toBe(4);
  });

  it("move a room between states on update, ignore updates that keep the state, and drop deletes", async () => {
    const db = await getDb();
    const [a, b] = await insertRooms(org, 2, "created");
    await db
      .update(rooms)
      .set({ state: "active", activeParticipants: 3 })
      .where(eq(rooms.id, a ?? ""));
    await db
      .update(rooms)
      .set({ activeParticipants: 4 })
      .where(eq(rooms.id, a ?? ""));
    await db
      .update(rooms)
      .set({ state: "ended" })
      .where(eq(rooms.id, b ?? ""));
    let c = await counters(org.id);
    expect([c["rooms:created"], c["rooms:active"], c["rooms:ended"]]).toEqual([8, 1, 1]);
    await db.delete(rooms).where(eq(rooms.id, b ?? ""));
    c = await counters(org.id);
    expect(c["rooms:ended"]).toBe(0);
    // History stays: the day still counts the room that was created then.
    expect(c[`rooms_created:${lastDays(NOW)[6]}`]).toBe(8);
  });

  it("match a full recount after a mixed bulk update", async () => {
    const db = await getDb();
    await db.execute(sql`update rooms set state = 'ended' where org_id = ${other.id} and id in (
      select id from rooms where org_id = ${other.id} limit 3)`);
    const recount = await db
      .select({ state: rooms.state, n: sql<number>`count(*)::int` })
      .from(rooms)
      .where(eq(rooms.orgId, other.id))
      .groupBy(rooms.state);
    const c = await counters(other.id);
    for (const r of recount) expect(c[`rooms:${r.state}`], r.state).toBe(r.n);
  });

  it("keep the participants of active rooms through joins, state changes and deletes", async () => {
    const db = await getDb();
    const o = await createOrg();
    const [a, b, c] = await insertRooms(o, 3, "active");
    const recount = async () => {
      const [r] = await db
        .select({ n: sql<number>`coalesce(sum(active_participants), 0)::int` })
        .from(rooms)
        .where(and(eq(rooms.orgId, o.id), eq(rooms.state, "active")));
      return r?.n ?? 0;
    };
    const counted = async () => (await counters(o.id))["participants:active"] ?? 0;
    await db
      .update(rooms)
      .set({ activeParticipants: 5 })
      .where(inArray(rooms.id, [a, b, c] as string[]));
    expect(await counted()).toBe(15);
    // A room that ends stops counting, whatever its last participant count.
    await db
      .update(rooms)
      .set({ state: "ended" })
      .where(eq(rooms.id, a as string));
    await db
      .update(rooms)
      .set({ activeParticipants: 2 })
      .where(eq(rooms.id, b as string));
    expect(await counted()).toBe(7);
    await db.delete(rooms).where(eq(rooms.id, c as string));
    expect(await counted()).toBe(2);
    expect(await counted()).toBe(await recount());
  });

  it("go with their org when the org is deleted", async () => {
    const db = await getDb();
    const gone = await createOrg();
    await insertRooms(gone, 2, "created");
    await db.delete(orgs).where(eq(orgs.id, gone.id));
    // Its deltas not folded yet go with the next fold (docs/decisions/1203).
    await foldOrgCounters(db);
    expect(await counters(gone.id)).toEqual({});
  });
});

describe("loadOrgInsights", () => {
  it("reports rooms by state, participants now and rooms per day", async () => {
    const i = await loadOrgInsights(await getDb(), org.id, NOW);
    expect(i.days).toHaveLength(7);
    expect(i.days[6]).toBe(NOW.toISOString().slice(0, 10));
    expect(i.rooms.byState).toEqual({ created: 8, active: 1, ended: 0 });
    expect(i.rooms.participantsNow).toBe(4);
    expect(i.rooms.createdPerDay).toEqual([0, 0, 0, 2, 0, 0, 8]);
  });

  it("reports deliveries of the last 24 h with success rate and p95, dead letters, emails and recordings", async () => {
    const db = await getDb();
    const endpointId = newId("webhook");
    await db
      .insert(webhookEndpoints)
      .values({ id: endpointId, orgId: org.id, url: "https://x.example", events: ["room.created"] });
    const statuses = ["succeeded", "succeeded", "succeeded", "dead", "pending"] as const;
    for (const [i, status] of statuses.entries()) {
      const eventId = newId("event");
      await db.insert(events).values({ id: eventId, orgId: org.id, type: "room.created", payload: {} });
      const deliveryId = newId("delivery");
      await db.insert(deliveries).values({
        id: deliveryId,
        eventId,
        endpointId,
        orgId: org.id,
        webhookId: newId("event"),
        body: "{}",
        status,
        attemptCount: 1,
        createdAt: new Date(NOW.getTime() - 60_000),
      });
      // Attempt durations 100, 200, …, 500 ms: p95 (continuous) is 480.
      await db.insert(deliveryAttempts).values({
        id: newId("attempt"),
        deliveryId,
        attempt: 1,
        startedAt: new Date(NOW.getTime() - 50_000),
        durationMs: (i + 1) * 100,
        outcome: status === "pending" ? "retry" : status,
      });
    }
    // One more pending delivery, never tried; and the endpoint is in a failing spell.
    const freshEvent = newId("event");
    await db.insert(events).values({ id: freshEvent, orgId: org.id, type: "room.created", payload: {} });
    await db.insert(deliveries).values({
      id: newId("delivery"),
      eventId: freshEvent,
      endpointId,
      orgId: org.id,
      webhookId: newId("event"),
      body: "{}",
      status: "pending",
      createdAt: new Date(NOW.getTime() - 60_000),
    });
    await db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(NOW.getTime() - 60_000) })
      .where(eq(webhookEndpoints.id, endpointId));
    // An old dead delivery: outside the 24 h figures, inside the 7-day dead letters.
    const oldEvent = newId("event");
    await db.insert(events).values({ id: oldEvent, orgId: org.id, type: "room.created", payload: {} });
    await db.insert(deliveries).values({
      id: newId("delivery"),
      eventId: oldEvent,
      endpointId,
      orgId: org.id,
      webhookId: newId("event"),
      body: "{}",
      status: "dead",
      createdAt: new Date(NOW.getTime() - 2 * DAY),
    });
    const email = (state: EmailState, sentAt: Date | null) => ({
      id: newId("email"),
      orgId: org.id,
      to: "a@example.com",
      subject: "s",
      html: "h",
      text: "t",
      state,
      releaseAt: NOW,
      sentAt,
    });
    await db.insert(emails).values([
      email("queued", null),
      email("queued", null),
      email("sent", NOW),
      email("failed", null),
      // An endpoint notice or account email is not a room invitation (issue 49).
      { ...email("sent", NOW), kind: "account" as const },
      { ...email("queued", null), kind: "account" as const },
    ]);
    const [roomId] = await insertRooms(org, 1, "ended", 1);
    await db.insert(recordings).values({
      id: newId("recording"),
      orgId: org.id,
      projectId: org.projectId,
      roomId: roomId ?? "",
      state: "completed",
      startedAt: new Date(NOW.getTime() - DAY),
    });

    const { activity } = await loadOrgInsights(db, org.id, NOW);
    expect(activity.deliveries24h.total).toBe(6);
    // The pending ones are visible: one retrying after a failed attempt, one not tried yet.
    expect(activity.deliveries24h).toMatchObject({ succeeded: 3, failed: 1, retrying: 1, waiting: 1 });
    expect(activity.failingEndpoints).toBe(1);
    expect(activity.deliveries24h.successRate).toBeCloseTo(3 / 4);
    expect(activity.deliveries24h.p95Ms).toBe(480);
    expect(activity.deadLetters).toBe(2);
    expect(activity.emails).toEqual({ queued: 2, sentToday: 1 });
    expect(activity.perDay.delivered[6]).toBe(3);
    expect(activity.perDay.failed.reduce((a, b) => a + b, 0)).toBe(2);
    expect(activity.perDay.emailsSent[6]).toBe(1);
    expect(activity.perDay.recordings.reduce((a, b) => a + b, 0)).toBe(1);
    // Nothing of this org leaks into another's figures.
    const theirs = await loadOrgInsights(db, other.id, NOW);
    expect(theirs.activity.deliveries24h).toEqual({
      total: 0,
      successRate: null,
      p95Ms: null,
      succeeded: 0,
      failed: 0,
      waiting: 0,
      retrying: 0,
    });
    expect(theirs.activity.emails).toEqual({ queued: 0, sentToday: 0 });
  });

  it("ticks the getting-started checklist from real data", async () => {
    const db = await getDb();
    const lone = newId("org");
    await db.insert(orgs).values({ id: lone, name: "Lone" });
    expect((await loadOrgInsights(db, lone, NOW)).checklist).toEqual({
      project: false,
      room: false,
      api_key: false,
      first_token: false,
      join: false,
      webhook: false,
      room_invite: false,
      teammate: false,
    });

    // The fixture org has a project and six members; the webhook was added above.
    const before = (await loadOrgInsights(db, org.id, NOW)).checklist;
    expect(before).toMatchObject({
      project: true,
      teammate: true,
      webhook: true,
      api_key: false,
      room_invite: false,
    });
    const key = await call<{ project_key: string }>(
      "POST",
      `/v1/workspace/projects/${org.projectId}/api-keys`,
      {
        token: org.members.Owner.token,
        json: { name: "Backend" },
      },
    );
    expect(key.status).toBe(201);
    expect((await loadOrgInsights(db, org.id, NOW)).checklist).toMatchObject({
      api_key: true,
      first_token: false,
    });
    const room = await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId },
    });
    const minted = await call("POST", "/v1/auth/tokens/room", {
      token: key.body.project_key,
      json: { roomId: room.body.id, identity: "ada", role: "publisher" },
    });
    expect(minted.status).toBe(200);
    const invited = await call("POST", "/v1/workspace/meet/invitations", {
      token: org.members.Owner.token,
      json: { room_id: room.body.id, recipients: ["ann@example.com"] },
    });
    expect(invited.status).toBe(200);
    expect((await loadOrgInsights(db, org.id, NOW)).checklist.room).toBe(true);
    // Key use is written in batches at most a minute apart (lib/api-keys/last-used.ts): flush now.
    expect((await loadOrgInsights(db, org.id, NOW)).checklist.first_token).toBe(false);
    await flushKeyUsage();
    expect((await loadOrgInsights(db, org.id, NOW)).checklist.first_token).toBe(true);
    expect((await loadOrgInsights(db, org.id, NOW)).checklist.room_invite).toBe(true);
  });
});

describe("room counters off the hot path (docs/decisions/1203)", () => {
  it("room changes only insert deltas; the fold moves them into org_counters and readers see the same figures", async () => {
    const db = await getDb();
    const o = await createOrg();
    await foldOrgCounters(db);
    const folded = async () =>
      Object.fromEntries(
        (await db.select().from(orgCounters).where(eq(orgCounters.orgId, o.id))).map((r) => [
          r.key,
          Number(r.n),
        ]),
      );
    const before = await folded();
    const [a, b, c] = await insertRooms(o, 3, "created");
    await db
      .update(rooms)
      .set({ state: "active", activeParticipants: 2 })
      .where(inArray(rooms.id, [a ?? "", b ?? ""]));
    await db
      .update(rooms)
      .set({ state: "ended", activeParticipants: 0 })
      .where(eq(rooms.id, c ?? ""));
    // No counter row was written by those changes: each statement only inserted its deltas.
    expect(await folded()).toEqual(before);
    const seen = await counters(o.id);
    expect(seen).toMatchObject({
      "rooms:created": 0,
      "rooms:active": 2,
      "rooms:ended": 1,
      "participants:active": 4,
    });
    expect(await foldOrgCounters(db)).toBeGreaterThan(0);
    expect(await counters(o.id)).toEqual(seen);
    expect(await folded()).toMatchObject({ "rooms:active": 2, "rooms:ended": 1, "participants:active": 4 });
    const left = await db.select().from(orgCounterDeltas).where(eq(orgCounterDeltas.orgId, o.id));
    expect(left).toHaveLength(0);
  });
});
