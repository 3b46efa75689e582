import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { addDays, utcDay } from "@/lib/usage/usage-days";

/**
 * The usage rollup (docs/decisions/1310, docs/usage.md): `usage_daily` holds one value per org,
 * project, UTC day and metric, recomputed from the durable rows, never incremented. Running it
 * twice, or after a crash half-way, gives the same values: that is what makes metering exactly
 * once, together with the spans being keyed by presence (migration 0035).
 *
 * Values only grow (`greatest`): a room or project deleted later takes its rows with it, but what
 * was used stays used.
 */

/** Dirty (org, day) marks folded per statement: a bounded transaction however far behind. */
const DIRTY_BATCH = 2_000;
/** How far back a completed recording is looked for: the longest a recording is expected to run. */
const RECORDING_LOOKBACK_DAYS = 7;

/** A day's bounds as timestamptz, from a `date` expression. */
const dayStart = (d: ReturnType<typeof sql>) => sql`(${d})::timestamp AT TIME ZONE 'UTC'`;

/**
 * Participant minutes of the (org, day) pairs whose spans closed since the last pass. Each span is
 * rounded up to the whole minute and counted on the UTC day it ended (docs/decisions/1311). The
 * marks are deleted in the statement that recomputes them: a span closing meanwhile commits its
 * own mark, which the next pass sees.
 */
export async function rollUpSpans(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    WITH moved AS (
      DELETE FROM usage_dirty_days
      WHERE id IN (SELECT id FROM usage_dirty_days ORDER BY id LIMIT ${DIRTY_BATCH})
      RETURNING org_id, day
    ), days AS (
      SELECT DISTINCT m.org_id, m.day FROM moved m JOIN orgs o ON o.id = m.org_id
    ), summed AS (
      SELECT s.org_id, s.project_id, d.day,
        CASE WHEN s.viewer THEN 'viewer_minutes' ELSE 'publisher_minutes' END AS metric,
        sum(ceil(extract(epoch FROM (s.left_at - s.joined_at)) / 60))::bigint AS value
      FROM days d
      JOIN participant_spans s ON s.org_id = d.org_id
        AND s.left_at >= ${dayStart(sql`d.day`)}
        AND s.left_at < ${dayStart(sql`d.day + 1`)}
      GROUP BY 1, 2, 3, 4
    ), written AS (
      INSERT INTO usage_daily AS u (org_id, project_id, day, metric, value)
      SELECT org_id, project_id, day, metric, value FROM summed ORDER BY 1, 2, 3, 4
      ON CONFLICT (org_id, day, project_id, metric) DO UPDATE SET value = greatest(u.value, excluded.value)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM moved)::int AS n, (SELECT count(*) FROM written)::int AS w`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * The other metrics of the UTC days [from, to] (YYYY-MM-DD), recomputed from their rows: rooms
 * created, room tokens minted, completed recordings (minutes rounded up per recording, bytes, on
 * the day they started, re-read a week back as they complete later), webhook attempts and successes (on the day they were sent; org-wide test
 * events included) and emails sent (org-wide, project '').
 */
export async function rollUpSources(db: DbOrTx, from: string, to: string): Promise<void> {
  const lo = dayStart(sql`${from}::date`);
  const hi = dayStart(sql`${to}::date + 1`);
  // A recording counts on the day it started but completes later: a week back is re-read.
  const recLo = dayStart(sql`${from}::date - ${RECORDING_LOOKBACK_DAYS}::int`);
  const day = (col: ReturnType<typeof sql>) => sql`(${col} AT TIME ZONE 'UTC')::date`;
  await db.execute(sql`
    WITH summed AS (
      SELECT org_id, project_id, ${day(sql`created_at`)} AS day, 'rooms_created' AS metric, count(*)::bigint AS value
        FROM rooms WHERE created_at >= ${lo} AND created_at < ${hi} GROUP BY 1, 2, 3
      UNION ALL
      SELECT org_id, project_id, ${day(sql`minted_at`)}, 'room_tokens', count(*)::bigint
        FROM room_token_mints WHERE minted_at >= ${lo} AND minted_at < ${hi} GROUP BY 1, 2, 3
      UNION ALL
      SELECT org_id, project_id, ${day(sql`started_at`)}, 'recording_minutes',
          sum(ceil(coalesce(duration_sec, 0) / 60.0))::bigint
        FROM recordings WHERE state = 'completed' AND started_at >= ${recLo} AND started_at < ${hi} GROUP BY 1, 2, 3
      UNION ALL
      SELECT org_id, project_id, ${day(sql`started_at`)}, 'recording_bytes', sum(coalesce(size_bytes, 0))::bigint
        FROM recordings WHERE state = 'completed' AND started_at >= ${recLo} AND started_at < ${hi} GROUP BY 1, 2, 3
      UNION ALL
      SELECT d.org_id, coalesce(e.project_id, ''), ${day(sql`a.started_at`)}, 'webhook_attempts', count(*)::bigint
        FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id JOIN events e ON e.id = d.event_id
        WHERE a.started_at >= ${lo} AND a.started_at < ${hi} GROUP BY 1, 2, 3
      UNION ALL
      SELECT d.org_id, coalesce(e.project_id, ''), ${day(sql`a.started_at`)}, 'webhook_successes', count(*)::bigint
        FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id JOIN events e ON e.id = d.event_id
        WHERE a.started_at >= ${lo} AND a.started_at < ${hi} AND a.outcome = 'succeeded' GROUP BY 1, 2, 3
      UNION ALL
      SELECT org_id, '', ${day(sql`sent_at`)}, 'emails_sent', count(*)::bigint
        FROM emails WHERE state = 'sent' AND org_id IS NOT NULL AND sent_at >= ${lo} AND sent_at < ${hi}
        GROUP BY 1, 2, 3
    )
    INSERT INTO usage_daily AS u (org_id, project_id, day, metric, value)
    SELECT s.org_id, s.project_id, s.day, s.metric, s.value FROM summed s JOIN orgs o ON o.id = s.org_id
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (org_id, day, project_id, metric) DO UPDATE SET value = greatest(u.value, excluded.value)`);
}

/** The day the sources' rollup has covered through (inclusive), or null before the first pass. */
async function rolledThrough(db: DbOrTx): Promise<string | null> {
  const rows = rowsOf<{ through: string }>(
    await db.execute(sql`SELECT through::text AS through FROM usage_rollup_state WHERE id = 1`),
  );
  return rows[0]?.through ?? null;
}

/**
 * One pass: the spans' dirty days, then the other sources from the day before the last pass's
 * end (or yesterday) through today, so a pass missed while the service was down is caught up.
 */
export async function rollUpUsage(db: Db, now: Date = new Date()): Promise<{ spanDays: number }> {
  const { flushTokenMints } = await import("@/lib/usage/record-token-mint");
  await flushTokenMints(db).catch(() => undefined);
  let spanDays = 0;
  for (;;) {
    const n = await rollUpSpans(db);
    spanDays += n;
    if (n < DIRTY_BATCH) break;
  }
  const today = utcDay(now);
  const through = await rolledThrough(db);
  const from = through && through < today ? addDays(through, -1) : addDays(today, -1);
  await db.transaction(async (tx) => {
    await rollUpSources(tx, from, today);
    await tx.execute(sql`
      INSERT INTO usage_rollup_state (id, through) VALUES (1, ${today}::date)
      ON CONFLICT (id) DO UPDATE SET through = greatest(usage_rollup_state.through, excluded.through)`);
  });
  return { spanDays };
}
