import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { getSession } from "@/lib/usage/get-session";
import { readUsage } from "@/lib/usage/read-usage";
import { rollUpUsage } from "@/lib/usage/roll-up-usage";
import { addDays, utcDay } from "@/lib/usage/usage-days";

/**
 * Issue 44's measured targets (docs/usage.md), run by bench/usage.mts (`BENCH_SECTIONS=usage`). Seeds one org with `spans` closed participant spans over 90 days and one
 * session of `participants` people, rolls up once, then times, one request at a time:
 * - the usage read for the org over 90 days (target p50 ≤ 50 ms with 10 million spans);
 * - the session page with its participants (target p50 ≤ 100 ms with 1,000).
 * The spans are written straight into participant_spans with generate_series (the trigger's own
 * cost is measured by the janus-ingest section, with and without metering).
 */
export interface UsageBenchResult {
  spans: number;
  participants: number;
  rollup_seconds: number;
  /** Hours the roll-up moved behind (failed even alone): 0 unless a statement could not finish. */
  rollup_deferred_hours: number;
  usage_p50_ms: number | null;
  usage_p99_ms: number | null;
  session_p50_ms: number | null;
  session_p99_ms: number | null;
  met: boolean;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? null
    : Math.round((s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0) * 10) / 10;
};

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

export async function usageBench(
  db: Db,
  opts: {
    spans: number;
    participants: number;
    rounds: number;
    now?: Date;
    /** Where the roll-up runs: a handle with the service's statement timeout, when given. */
    rollupDb?: Db;
  },
): Promise<UsageBenchResult> {
  const now = opts.now ?? new Date();
  const orgId = newId("org");
  const projectId = newId("project");
  const roomId = newId("room");
  const sessionId = `rses_bench${orgId.slice(-20)}`;
  const bulkId = `rses_bulk${orgId.slice(-20)}`;
  const start = new Date(now.getTime() - 90 * 86_400_000);
  await db.execute(sql`INSERT INTO orgs (id, name, plan_selected) VALUES (${orgId}, 'Usage bench', true)`);
  await db.execute(
    sql`INSERT INTO projects (id, org_id, name, slug) VALUES (${projectId}, ${orgId}, 'Main', ${`usage-${orgId.slice(-8).toLowerCase()}`})`,
  );
  await db.execute(sql`
    INSERT INTO rooms (id, org_id, project_id, name, type, state, short_code)
    VALUES (${roomId}, ${orgId}, ${projectId}, 'bench', 'webinar', 'ended', ${roomId.slice(-10).toLowerCase()})`);
  for (const id of [sessionId, bulkId])
    await db.execute(sql`
      INSERT INTO room_sessions (id, org_id, project_id, room_id, started_at, ended_at, last_left_at, present, peak)
      VALUES (${id}, ${orgId}, ${projectId}, ${roomId}, ${start.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, 0, ${opts.participants})`);
  // The session measured: `participants` people, one span each.
  await db.execute(sql`
    INSERT INTO participant_spans (session_id, org_id, project_id, room_id, identity, viewer, joined_at, left_at)
    SELECT ${sessionId}, ${orgId}, ${projectId}, ${roomId}, 'person-' || i, i % 3 = 0,
      ${start.toISOString()}::timestamptz + i * interval '1 second', ${now.toISOString()}::timestamptz
    FROM generate_series(1, ${opts.participants}) AS i`);
  // The bulk: spans spread over 90 days, each 1–60 minutes.
  await db.execute(sql`
    INSERT INTO participant_spans (session_id, org_id, project_id, room_id, identity, viewer, joined_at, left_at)
    SELECT ${bulkId}, ${orgId}, ${projectId}, ${roomId}, 'p' || i, i % 3 = 0,
      ${start.toISOString()}::timestamptz + (i::float / ${opts.spans}) * interval '90 days',
      ${start.toISOString()}::timestamptz + (i::float / ${opts.spans}) * interval '90 days' + ((i % 60) + 1) * interval '1 minute'
    FROM generate_series(1, ${opts.spans}) AS i`);
  // One mark per (org, UTC hour) of the 90 days, as the trigger writes them (migration 0045).
  await db.execute(sql`
    INSERT INTO usage_dirty_hours (org_id, hour)
    SELECT ${orgId}, h FROM generate_series(
      date_trunc('hour', ${start.toISOString()}::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      ${now.toISOString()}::timestamptz, interval '1 hour') AS h`);
  const t0 = performance.now();
  const { deferred } = await rollUpUsage(opts.rollupDb ?? db, now);
  const rollupSeconds = (performance.now() - t0) / 1000;
  const from = addDays(utcDay(now), -89);
  const usage = await timed(opts.rounds, () =>
    readUsage(db, orgId, { from, to: utcDay(now), granularity: "day" }, now),
  );
  const session = await timed(opts.rounds, () => getSession(db, orgId, sessionId, undefined, now));
  const result = {
    spans: opts.spans,
    participants: opts.participants,
    rollup_seconds: Math.round(rollupSeconds * 10) / 10,
    rollup_deferred_hours: deferred,
    usage_p50_ms: pct(usage, 0.5),
    usage_p99_ms: pct(usage, 0.99),
    session_p50_ms: pct(session, 0.5),
    session_p99_ms: pct(session, 0.99),
  };
  return {
    ...result,
    met: (result.usage_p50_ms ?? Infinity) <= 50 && (result.session_p50_ms ?? Infinity) <= 100,
  };
}
