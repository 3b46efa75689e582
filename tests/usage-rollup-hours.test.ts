import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { roomParticipants, usageDaily, usageDirtyHours, usageHourly } from "@/db/schema";
import { getDb, MIGRATIONS_FOLDER } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { renderMetrics } from "@/lib/observability/metrics";
import { createRoom } from "@/lib/rooms/create-room";
import { rollUpHourAlone } from "@/lib/usage/roll-up-span-hours";
import { rollUpUsage } from "@/lib/usage/roll-up-usage";
import { runUsagePass } from "@/lib/usage/run-usage-pass";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * The participant-minutes rollup by UTC hour (docs/decisions/1410, migration 0045): each span
 * rounded up on its own and counted on the hour (and so the day) it ended, as decision 1311 says;
 * the day is the sum of its hours; a pass replayed changes nothing; an hour that fails is moved
 * behind the others and holds up no other org; an hour read in bounded pieces sums the same; days
 * rolled up before 0045, and day marks left by the old trigger, come out right.
 */

const NOW = new Date("2026-11-12T12:00:00.000Z");
const at = (iso: string) => new Date(iso);
let seq = 0;

async function newRoom(org: TestOrg): Promise<string> {
  const room = await createRoom(await getDb(), org.id, {
    project_id: org.projectId,
    name: "hourly",
    type: "meeting",
    record: "manual",
  });
  return room.id;
}

/** A presence row joined and left, as the intake writes it: the trigger keeps span and marks. */
async function visit(roomId: string, joinedAt: Date, leftAt: Date): Promise<void> {
  const db = await getDb();
  const identity = `p-${++seq}`;
  await db.insert(roomParticipants).values({ roomId, identity, joinedAt, leftAt: null });
  await db
    .update(roomParticipants)
    .set({ leftAt })
    .where(and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.identity, identity)));
}

async function daily(orgId: string) {
  return (await getDb())
    .select({ day: usageDaily.day, metric: usageDaily.metric, value: usageDaily.value })
    .from(usageDaily)
    .where(eq(usageDaily.orgId, orgId))
    .orderBy(asc(usageDaily.day), asc(usageDaily.metric));
}

async function hourly(orgId: string) {
  const rows = await (await getDb())
    .select({ hour: usageHourly.hour, metric: usageHourly.metric, value: usageHourly.value })
    .from(usageHourly)
    .where(eq(usageHourly.orgId, orgId))
    .orderBy(asc(usageHourly.hour), asc(usageHourly.metric));
  return rows.map((r) => [r.hour.toISOString(), r.metric, r.value]);
}

async function marksOf(orgId: string) {
  return (await getDb())
    .select({ hour: usageDirtyHours.hour, attempts: usageDirtyHours.attempts })
    .from(usageDirtyHours)
    .where(eq(usageDirtyHours.orgId, orgId));
}

/** What the rollup before 0045 computed for an org's day: its spans, each rounded up, in one sum. */
async function dayFromSpans(orgId: string, day: string): Promise<number> {
  const rows = rowsOf<{ v: string | number | null }>(
    await (await getDb()).execute(sql`
      SELECT sum(ceil(extract(epoch FROM (left_at - joined_at)) / 60))::bigint AS v
      FROM participant_spans
      WHERE org_id = ${orgId} AND left_at >= (${day}::date::timestamp AT TIME ZONE 'UTC')
        AND left_at < ((${day}::date + 1)::timestamp AT TIME ZONE 'UTC')`),
  );
  return Number(rows[0]?.v ?? 0);
}

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg({ name: "Hourly Org" });
});

describe("participant minutes by UTC hour", () => {
  it("sums spans closing in different hours of a day to the day's minutes, each span rounded up on its own", async () => {
    const room = await newRoom(org);
    // 61 s (2 min) ending 00:01:01; 30 s (1) ending 09:00:30; 10 min exactly (10) ending 09:40;
    // 2 h 0 min 1 s (121) ending 17:00:01; 0 s (0) at 23:10.
    await visit(room, at("2026-11-10T00:00:00.000Z"), at("2026-11-10T00:01:01.000Z"));
    await visit(room, at("2026-11-10T09:00:00.000Z"), at("2026-11-10T09:00:30.000Z"));
    await visit(room, at("2026-11-10T09:30:00.000Z"), at("2026-11-10T09:40:00.000Z"));
    await visit(room, at("2026-11-10T15:00:00.000Z"), at("2026-11-10T17:00:01.000Z"));
    await visit(room, at("2026-11-10T23:10:00.000Z"), at("2026-11-10T23:10:00.000Z"));
    const r = await rollUpUsage(await getDb(), NOW);
    expect(r.deferred).toBe(0);
    expect(await hourly(org.id)).toEqual([
      ["2026-11-10T00:00:00.000Z", "publisher_minutes", 2],
      ["2026-11-10T09:00:00.000Z", "publisher_minutes", 11],
      ["2026-11-10T17:00:00.000Z", "publisher_minutes", 121],
      ["2026-11-10T23:00:00.000Z", "publisher_minutes", 0],
    ]);
    expect(await daily(org.id)).toEqual([{ day: "2026-11-10", metric: "publisher_minutes", value: 134 }]);
    expect(await dayFromSpans(org.id, "2026-11-10")).toBe(134);
    expect(await marksOf(org.id)).toEqual([]);

    // A pass replayed, and every hour marked again (a crash after the sums, before the marks went),
    // changes nothing.
    const before = { d: await daily(org.id), h: await hourly(org.id) };
    await rollUpUsage(await getDb(), NOW);
    await (await getDb()).execute(sql`
      INSERT INTO usage_dirty_hours (org_id, hour) SELECT org_id, hour FROM usage_hourly WHERE org_id = ${org.id}`);
    await rollUpUsage(await getDb(), NOW);
    await rollUpUsage(await getDb(), NOW);
    expect({ d: await daily(org.id), h: await hourly(org.id) }).toEqual(before);
  });

  it("counts a span ending at 23:59:59.9 on its day and one ending at midnight on the next", async () => {
    const other = await createOrg({ name: "Midnight Org" });
    const room = await newRoom(other);
    await visit(room, at("2026-11-10T23:58:00.000Z"), at("2026-11-10T23:59:59.900Z"));
    await visit(room, at("2026-11-10T23:59:00.000Z"), at("2026-11-11T00:00:00.000Z"));
    await rollUpUsage(await getDb(), NOW);
    expect(await hourly(other.id)).toEqual([
      ["2026-11-10T23:00:00.000Z", "publisher_minutes", 2],
      ["2026-11-11T00:00:00.000Z", "publisher_minutes", 1],
    ]);
    expect(await daily(other.id)).toEqual([
      { day: "2026-11-10", metric: "publisher_minutes", value: 2 },
      { day: "2026-11-11", metric: "publisher_minutes", value: 1 },
    ]);
  });

  it("moves an hour that fails behind the others, rolls up every other org meanwhile, and counts it once it passes", async () => {
    const db = await getDb();
    const stuck = await createOrg({ name: "Stuck Org" });
    const fine = await createOrg({ name: "Fine Org" });
    const [stuckRoom, fineRoom] = [await newRoom(stuck), await newRoom(fine)];
    // The stuck org's mark comes first, as the batch that used to block everyone.
    await visit(stuckRoom, at("2026-11-11T08:00:00.000Z"), at("2026-11-11T08:05:00.000Z"));
    await visit(fineRoom, at("2026-11-11T08:00:00.000Z"), at("2026-11-11T08:03:00.000Z"));
    // An injected failure: any write of the stuck org's hour rows fails, as a statement timing out.
    await db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION test_fail_hour() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.org_id = '${stuck.id}' THEN RAISE EXCEPTION 'injected rollup failure'; END IF;
        RETURN NEW;
      END $$`),
    );
    await db.execute(sql`CREATE TRIGGER test_fail_hour BEFORE INSERT ON usage_hourly
      FOR EACH ROW EXECUTE FUNCTION test_fail_hour()`);
    try {
      const r = await rollUpUsage(db, NOW);
      expect(r.deferred).toBe(1);
      expect(await daily(fine.id)).toEqual([{ day: "2026-11-11", metric: "publisher_minutes", value: 3 }]);
      expect(await daily(stuck.id)).toEqual([]);
      // Its span's hour is kept, behind the others, and the next pass tries it again.
      const marks = await marksOf(stuck.id);
      expect(marks.map((m) => [m.hour.toISOString(), m.attempts])).toEqual([["2026-11-11T08:00:00.000Z", 1]]);
      // The job's pass says so, and /metrics counts it (no org named).
      const counted = async () => {
        const { body } = await renderMetrics();
        return Number(/^usage_rollup_hours_deferred_total(?:\{[^}]*\})? (\d+)/m.exec(body)?.[1] ?? 0);
      };
      const before = await counted();
      expect((await runUsagePass({ now: NOW })).summary).toMatchObject({ span_hours_deferred: 1 });
      expect(await counted()).toBe(before + 1);
      expect((await renderMetrics()).body).not.toContain(stuck.id);
      expect((await marksOf(stuck.id)).map((m) => m.attempts)).toEqual([2]);
    } finally {
      await db.execute(sql`DROP TRIGGER test_fail_hour ON usage_hourly`);
    }
    const r = await rollUpUsage(db, NOW);
    expect(r.deferred).toBe(0);
    expect(await daily(stuck.id)).toEqual([{ day: "2026-11-11", metric: "publisher_minutes", value: 5 }]);
    expect(await marksOf(stuck.id)).toEqual([]);
  });

  it("reads an hour alone in bounded pieces and sums it as one statement does", async () => {
    const db = await getDb();
    const a = await createOrg({ name: "Pieces A" });
    const b = await createOrg({ name: "Pieces B" });
    const spans = async (o: TestOrg) => {
      const room = await newRoom(o);
      for (let i = 0; i < 7; i++)
        await visit(
          room,
          at("2026-11-09T14:00:00.000Z"),
          new Date(Date.parse("2026-11-09T14:05:00.000Z") + i * 47_000),
        );
      // A viewer and a second project, written straight (the trigger's role rules are tested elsewhere).
      const [s] = rowsOf<{ session_id: string }>(
        await db.execute(sql`SELECT session_id FROM participant_spans WHERE room_id = ${room} LIMIT 1`),
      );
      await db.execute(sql`
        INSERT INTO participant_spans (session_id, org_id, project_id, room_id, identity, viewer, joined_at, left_at)
        VALUES (${s?.session_id}, ${o.id}, 'prj_other', ${room}, 'v1', true, '2026-11-09T14:10:00Z', '2026-11-09T14:12:30Z'),
               (${s?.session_id}, ${o.id}, ${o.projectId}, ${room}, 'v2', true, '2026-11-09T14:10:00Z', '2026-11-09T14:59:59.999Z')`);
    };
    await spans(a);
    await spans(b);
    await rollUpUsage(db, NOW);
    // b: its marks again, rolled up alone two spans per statement.
    await db.execute(sql`DELETE FROM usage_hourly WHERE org_id = ${b.id}`);
    await db.execute(sql`DELETE FROM usage_daily WHERE org_id = ${b.id}`);
    await db.execute(
      sql`INSERT INTO usage_dirty_hours (org_id, hour) VALUES (${b.id}, '2026-11-09T14:00:00Z')`,
    );
    const [top] = rowsOf<{ top: string | number }>(
      await db.execute(sql`SELECT max(id) AS top FROM usage_dirty_hours`),
    );
    const hour = Date.parse("2026-11-09T14:00:00Z") / 1000;
    expect(await rollUpHourAlone(db, { org_id: b.id, hour }, Number(top?.top), 2)).toBe(1);
    expect(await rollUpHourAlone(db, { org_id: b.id, hour }, Number(top?.top), 2)).toBe(0);
    const projectRows = async (orgId: string, projectId: string) =>
      (
        await db
          .select({ metric: usageHourly.metric, value: usageHourly.value })
          .from(usageHourly)
          .where(and(eq(usageHourly.orgId, orgId), eq(usageHourly.projectId, projectId)))
          .orderBy(asc(usageHourly.metric))
      ).map((r) => [r.metric, r.value]);
    // 7 spans of 5 min + i × 47 s, each rounded up: 5, 6, 7, 8, 9, 9, 10.
    expect(await projectRows(a.id, a.projectId)).toEqual([
      ["publisher_minutes", 54],
      ["viewer_minutes", 50],
    ]);
    expect(await projectRows(a.id, "prj_other")).toEqual([["viewer_minutes", 3]]);
    expect(await projectRows(b.id, b.projectId)).toEqual(await projectRows(a.id, a.projectId));
    expect(await projectRows(b.id, "prj_other")).toEqual([["viewer_minutes", 3]]);
    // The same rows, whichever project id sorts first.
    const strip = (rows: { day: string; metric: string; value: number }[]) =>
      rows.map((r) => `${r.day} ${r.metric} ${r.value}`).sort();
    expect(strip(await daily(b.id))).toEqual(strip(await daily(a.id)));
    expect(await dayFromSpans(b.id, "2026-11-09")).toBe(54 + 50 + 3);
  });

  it("sums a day rolled up before 0045 from all its hours once one is marked, and turns day marks into hour marks", async () => {
    const db = await getDb();
    const old = await createOrg({ name: "Before 0045" });
    const room = await newRoom(old);
    await visit(room, at("2026-11-08T03:00:00.000Z"), at("2026-11-08T03:04:00.000Z"));
    await visit(room, at("2026-11-08T20:00:00.000Z"), at("2026-11-08T20:02:00.000Z"));
    // As the rollup before 0045 left it: the day's value, no hour rows, no marks.
    await db.execute(sql`DELETE FROM usage_dirty_hours WHERE org_id = ${old.id}`);
    await db.execute(sql`
      INSERT INTO usage_daily (org_id, project_id, day, metric, value)
      VALUES (${old.id}, ${old.projectId}, '2026-11-08', 'publisher_minutes', 6)`);
    // A late leave in one hour of that day: the day becomes the sum of all its hours.
    await visit(room, at("2026-11-08T10:00:00.000Z"), at("2026-11-08T10:00:01.000Z"));
    expect((await rollUpUsage(db, NOW)).deferred).toBe(0);
    expect(await daily(old.id)).toEqual([{ day: "2026-11-08", metric: "publisher_minutes", value: 7 }]);
    expect((await hourly(old.id)).map((h) => h[0])).toEqual([
      "2026-11-08T03:00:00.000Z",
      "2026-11-08T10:00:00.000Z",
      "2026-11-08T20:00:00.000Z",
    ]);

    // A day mark, as a transaction still running 0035's trigger writes it (and as 0045 converts
    // those it finds, by the same statements), is rolled up through its hours.
    await visit(room, at("2026-11-07T05:00:00.000Z"), at("2026-11-07T05:01:30.000Z"));
    await db.execute(sql`DELETE FROM usage_dirty_hours WHERE org_id = ${old.id}`);
    await db.execute(sql`INSERT INTO usage_dirty_days (org_id, day) VALUES (${old.id}, '2026-11-07')`);
    await rollUpUsage(db, NOW);
    expect((await daily(old.id))[0]).toEqual({ day: "2026-11-07", metric: "publisher_minutes", value: 2 });
    expect(rowsOf(await db.execute(sql`SELECT 1 FROM usage_dirty_days`))).toEqual([]);
  });

  it("migration 0045 turns the day marks it finds into their 24 hours' marks", async () => {
    const db = await getDb();
    const o = await createOrg({ name: "Migrated marks" });
    const statements = fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, "0045_usage-hourly-rollup.sql"), "utf8")
      .split("--> statement-breakpoint")
      .filter((s) => /FROM "usage_dirty_days"/.test(s));
    expect(statements).toHaveLength(3);
    await db.execute(
      sql`INSERT INTO usage_dirty_days (org_id, day) VALUES (${o.id}, '2026-11-06'), (${o.id}, '2026-11-06')`,
    );
    for (const s of statements) await db.execute(sql.raw(s));
    const marks = (await marksOf(o.id)).map((m) => m.hour.toISOString()).sort();
    expect(marks).toHaveLength(24);
    expect(marks[0]).toBe("2026-11-06T00:00:00.000Z");
    expect(marks[23]).toBe("2026-11-06T23:00:00.000Z");
    expect(
      rowsOf(await db.execute(sql`SELECT 1 FROM usage_hourly_days WHERE org_id = ${o.id}`)),
    ).toHaveLength(1);
  });
});
