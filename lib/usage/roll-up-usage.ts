import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { rollUpSpanHours, type SpanRollup } from "@/lib/usage/roll-up-span-hours";
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

/** How far back a completed recording is looked for: the longest a recording is expected to run. */
const RECORDING_LOOKBACK_DAYS = 7;

/** A day's bounds as timestamptz, from a `date` expression. */
const dayStart = (d: ReturnType<typeof sql>) => sql`(${d})::timestamp AT TIME ZONE 'UTC'`;

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
 * One pass: the spans' marked hours (lib/usage/roll-up-span-hours.ts, docs/decisions/1410), then
 * the other sources from the day before the last pass's end (or yesterday) through today, so a
 * pass missed while the service was down is caught up.
 */
export async function rollUpUsage(db: Db, now: Date = new Date()): Promise<SpanRollup> {
  const { flushTokenMints } = await import("@/lib/usage/record-token-mint");
  await flushTokenMints(db).catch(() => undefined);
  const spans = await rollUpSpanHours(db);
  const today = utcDay(now);
  const through = await rolledThrough(db);
  const from = through && through < today ? addDays(through, -1) : addDays(today, -1);
  await db.transaction(async (tx) => {
    await rollUpSources(tx, from, today);
    await tx.execute(sql`
      INSERT INTO usage_rollup_state (id, through) VALUES (1, ${today}::date)
      ON CONFLICT (id) DO UPDATE SET through = greatest(usage_rollup_state.through, excluded.through)`);
  });
  return spans;
}
