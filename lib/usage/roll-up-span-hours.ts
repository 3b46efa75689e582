import { type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";

/**
 * Participant minutes rolled up by UTC hour (docs/decisions/1410, after 1310 and 1311). A closed
 * span marks its (org, UTC hour) (migration 0045); a pass recomputes each marked hour from that
 * hour's spans into `usage_hourly`, then the hour's day in `usage_daily` from the day's hour rows
 * (at most 24 × projects × 2 rows). Every value is recomputed from durable rows, never added, and
 * only grows (`greatest`, as 1310): a pass run twice, or cut off half-way, gives the same values.
 *
 * No statement's work grows with one org's day, and no (org, hour) holds up another:
 * - a few hours are recomputed per statement (`MAX_HOURS_PER_BATCH`, fewer after a failure);
 * - if that statement fails (the service's 3 s statement timeout, a lock, anything), each of its
 *   hours is redone alone, reading the hour's spans through a cursor `SPANS_PER_FETCH` at a time,
 *   so even an hour of a million spans is a series of bounded statements in one transaction;
 * - an hour that still fails is moved behind every other mark (a new mark, `attempts` + 1),
 *   counted on /metrics, and retried by the next pass.
 */

/**
 * Distinct (org, hour)s recomputed in one statement on the common path, at most: a quarter after a
 * failure, doubling back with each success. 32 hours of an org with 10 million spans in 90 days
 * are ≈ 150k spans, ≈ 1.4 s at 110k spans/s, under the service's 3 s statement timeout.
 */
const MAX_HOURS_PER_BATCH = 32;
/** Marks looked at to find the next hours: marks repeat (one per closed span). */
const MARK_WINDOW = 1_000;
/** Spans read per statement when one hour is redone on its own (≈ 0.2 s at 110k spans/s). */
export const SPANS_PER_FETCH = 20_000;
/** Day marks written before migration 0045, turned into hour marks per statement. */
const DAY_MARKS_PER_STATEMENT = 200;

/** One marked hour: the org and the hour's start in epoch seconds (a whole hour, exact). */
export interface MarkedHour {
  org_id: string;
  hour: number;
}

export interface SpanRollup {
  /** (org, hour)s recomputed. */
  hours: number;
  /** (org, hour)s that failed even alone, moved behind the others for the next pass. */
  deferred: number;
}

const asJson = (hours: MarkedHour[]) => sql`${JSON.stringify(hours)}::jsonb`;
const pairsOf = (hours: MarkedHour[]) =>
  sql`(SELECT org_id, to_timestamp(hour) AS hour FROM jsonb_to_recordset(${asJson(hours)}) AS x(org_id text, hour bigint))`;
const minutesOf = sql`ceil(extract(epoch FROM (s.left_at - s.joined_at)) / 60)::bigint`;
const metricOf = sql`CASE WHEN s.viewer THEN 'viewer_minutes' ELSE 'publisher_minutes' END`;

/**
 * Day marks (`usage_dirty_days`) committed by a transaction still running the trigger of 0035
 * while 0045 ran become the marks of their 24 hours, and their days are summed from hours from then
 * on. Normally there are none.
 */
async function expandDayMarks(db: Db): Promise<void> {
  for (;;) {
    const result = await db.execute(sql`
      WITH moved AS (
        DELETE FROM usage_dirty_days
        WHERE id IN (SELECT id FROM usage_dirty_days ORDER BY id LIMIT ${DAY_MARKS_PER_STATEMENT})
        RETURNING org_id, day
      ), days AS (
        SELECT DISTINCT org_id, day FROM moved
      ), kept AS (
        INSERT INTO usage_hourly_days (org_id, day) SELECT org_id, day FROM days ON CONFLICT DO NOTHING
      ), marked AS (
        INSERT INTO usage_dirty_hours (org_id, hour)
        SELECT d.org_id, (d.day::timestamp AT TIME ZONE 'UTC') + h * interval '1 hour'
        FROM days d CROSS JOIN generate_series(0, 23) AS h
      )
      SELECT count(*)::int AS n FROM moved`);
    if (Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) < DAY_MARKS_PER_STATEMENT) return;
  }
}

/**
 * The next `limit` marked hours up to `horizon`, oldest mark first. A day rolled up before 0045 has
 * no hour rows: the first time one of its hours comes up, its other 23 are marked too, so its day
 * is summed from complete hours (until then `greatest` keeps the day's old value). `top`: the
 * highest mark id so written, to include them in this pass.
 */
async function nextHours(
  db: Db,
  horizon: number,
  limit: number,
): Promise<{ hours: MarkedHour[]; top: number }> {
  const result = await db.execute(sql`
    WITH next AS (
      SELECT org_id, hour, min(id) AS first
      FROM (SELECT id, org_id, hour FROM usage_dirty_hours WHERE id <= ${horizon} ORDER BY id LIMIT ${MARK_WINDOW}) m
      GROUP BY org_id, hour ORDER BY min(id) LIMIT ${limit}
    ), fresh AS (
      INSERT INTO usage_hourly_days (org_id, day)
      SELECT DISTINCT org_id, (hour AT TIME ZONE 'UTC')::date FROM next
      ON CONFLICT DO NOTHING RETURNING org_id, day
    ), marked AS (
      INSERT INTO usage_dirty_hours (org_id, hour)
      SELECT f.org_id, (f.day::timestamp AT TIME ZONE 'UTC') + h * interval '1 hour'
      FROM fresh f CROSS JOIN generate_series(0, 23) AS h
      RETURNING id
    )
    SELECT org_id, extract(epoch FROM hour)::bigint AS hour, (SELECT coalesce(max(id), 0) FROM marked)::bigint AS top
    FROM next ORDER BY first`);
  const rows = rowsOf<{ org_id: string; hour: string | number; top: string | number }>(result);
  return {
    hours: rows.map((r) => ({ org_id: r.org_id, hour: Number(r.hour) })),
    top: Number(rows[0]?.top ?? 0),
  };
}

/**
 * Deletes the hours' marks up to `horizon` and answers the hours this transaction took (another
 * pass may have taken some). Deleting comes first (in the statement, or before it) is what keeps it
 * exact: a mark deleted here was committed with its span, so the sums, in the same statement or
 * after it, see the span; a span committed later left a mark this did not delete, and the next
 * pass recomputes its hour.
 */
function takeMarks(hours: MarkedHour[], horizon: number): SQL {
  return sql`
    DELETE FROM usage_dirty_hours d USING ${pairsOf(hours)} p
    WHERE d.org_id = p.org_id AND d.hour = p.hour AND d.id <= ${horizon}
    RETURNING d.org_id, d.hour`;
}

async function takeHours(db: DbOrTx, hours: MarkedHour[], horizon: number): Promise<MarkedHour[]> {
  const result = await db.execute(sql`
    WITH gone AS (${takeMarks(hours, horizon)})
    SELECT DISTINCT org_id, extract(epoch FROM hour)::bigint AS hour FROM gone`);
  return taken(result);
}

const taken = (result: unknown): MarkedHour[] =>
  rowsOf<{ org_id: string; hour: string | number }>(result).map((r) => ({
    org_id: r.org_id,
    hour: Number(r.hour),
  }));

/** Writes hour rows (`greatest`, as usage_daily); rows of a deleted org are skipped. */
function upsertHours(summed: SQL): SQL {
  return sql`
    INSERT INTO usage_hourly AS u (org_id, project_id, hour, metric, value)
    SELECT s.org_id, s.project_id, s.hour, s.metric, s.value FROM ${summed} s JOIN orgs o ON o.id = s.org_id
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (org_id, hour, project_id, metric) DO UPDATE SET value = greatest(u.value, excluded.value)`;
}

/** The hours' days in usage_daily, from their hour rows: at most 24 × projects × 2 rows a day. */
async function sumDays(db: DbOrTx, hours: MarkedHour[]): Promise<void> {
  await db.execute(sql`
    WITH days AS (
      SELECT DISTINCT org_id, (hour AT TIME ZONE 'UTC')::date AS day FROM ${pairsOf(hours)} p
    ), summed AS (
      SELECT h.org_id, h.project_id, d.day, h.metric, sum(h.value)::bigint AS value
      FROM days d JOIN usage_hourly h ON h.org_id = d.org_id
        AND h.hour >= (d.day::timestamp AT TIME ZONE 'UTC')
        AND h.hour < ((d.day + 1)::timestamp AT TIME ZONE 'UTC')
      GROUP BY 1, 2, 3, 4
    )
    INSERT INTO usage_daily AS u (org_id, project_id, day, metric, value)
    SELECT s.org_id, s.project_id, s.day, s.metric, s.value FROM summed s JOIN orgs o ON o.id = s.org_id
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (org_id, day, project_id, metric) DO UPDATE SET value = greatest(u.value, excluded.value)`);
}

/** The common path: a few hours taken and summed in SQL in one statement, then their days. */
async function rollUpTogether(db: Db, hours: MarkedHour[], horizon: number): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      WITH gone AS (${takeMarks(hours, horizon)}),
      took AS (SELECT DISTINCT org_id, hour FROM gone),
      summed AS (
        SELECT s.org_id, s.project_id, t.hour, ${metricOf} AS metric, sum(${minutesOf})::bigint AS value
        FROM took t
        JOIN participant_spans s ON s.org_id = t.org_id
          AND s.left_at >= t.hour AND s.left_at < t.hour + interval '1 hour'
        GROUP BY 1, 2, 3, 4
      ), written AS (${upsertHours(sql`summed`)} RETURNING 1)
      SELECT org_id, extract(epoch FROM hour)::bigint AS hour, (SELECT count(*) FROM written)::int AS w FROM took`);
    const hoursTaken = taken(result);
    if (hoursTaken.length > 0) await sumDays(tx, hoursTaken);
    return hoursTaken.length;
  });
}

/**
 * One hour alone, its spans read through a cursor `fetch` at a time: each statement reads at most
 * `fetch` spans, however many the hour has. The sums are the same as the common path's.
 */
export async function rollUpHourAlone(
  db: Db,
  hour: MarkedHour,
  horizon: number,
  fetch = SPANS_PER_FETCH,
): Promise<number> {
  const size = sql.raw(String(Math.max(1, Math.floor(fetch))));
  return db.transaction(async (tx) => {
    const took = await takeHours(tx, [hour], horizon);
    if (took.length === 0) return 0;
    await tx.execute(sql`
      DECLARE usage_hour_spans NO SCROLL CURSOR FOR
      SELECT s.project_id, ${metricOf} AS metric, ${minutesOf} AS minutes
      FROM participant_spans s
      WHERE s.org_id = ${hour.org_id}
        AND s.left_at >= to_timestamp(${hour.hour}::bigint)
        AND s.left_at < to_timestamp(${hour.hour}::bigint) + interval '1 hour'`);
    const sums = new Map<string, { project_id: string; metric: string; value: number }>();
    for (;;) {
      const rows = rowsOf<{ project_id: string; metric: string; minutes: string | number }>(
        await tx.execute(sql`FETCH ${size} FROM usage_hour_spans`),
      );
      for (const r of rows) {
        const key = `${r.project_id}\u0000${r.metric}`;
        const s = sums.get(key) ?? { project_id: r.project_id, metric: r.metric, value: 0 };
        s.value += Number(r.minutes);
        sums.set(key, s);
      }
      if (rows.length < fetch) break;
    }
    await tx.execute(sql`CLOSE usage_hour_spans`);
    const values = [...sums.values()].map((s) => ({ ...s, org_id: hour.org_id, hour: hour.hour }));
    if (values.length > 0)
      await tx.execute(
        upsertHours(sql`(
          SELECT org_id, project_id, to_timestamp(hour) AS hour, metric, value
          FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
            AS x(org_id text, project_id text, hour bigint, metric text, value bigint))`),
      );
    await sumDays(tx, took);
    return 1;
  });
}

/** Moves an hour that failed behind every other mark: one new mark, `attempts` + 1. */
async function deferHour(db: Db, hour: MarkedHour, horizon: number): Promise<void> {
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM usage_dirty_hours
      WHERE org_id = ${hour.org_id} AND hour = to_timestamp(${hour.hour}::bigint) AND id <= ${horizon}
      RETURNING attempts
    )
    INSERT INTO usage_dirty_hours (org_id, hour, attempts)
    SELECT ${hour.org_id}, to_timestamp(${hour.hour}::bigint), max(attempts) + 1 FROM gone HAVING count(*) > 0`);
}

/**
 * One pass over the marked hours: those marked before the pass started (and the hours of days
 * completed on the way); marks written meanwhile, and hours moved behind, are the next pass's.
 */
export async function rollUpSpanHours(db: Db): Promise<SpanRollup> {
  await expandDayMarks(db);
  const top = rowsOf<{ top: string | number }>(
    await db.execute(sql`SELECT coalesce(max(id), 0)::bigint AS top FROM usage_dirty_hours`),
  );
  let horizon = Number(top[0]?.top ?? 0);
  let batch = MAX_HOURS_PER_BATCH;
  const out: SpanRollup = { hours: 0, deferred: 0 };
  for (;;) {
    const next = await nextHours(db, horizon, batch);
    if (next.hours.length === 0) return out;
    horizon = Math.max(horizon, next.top);
    try {
      out.hours += await rollUpTogether(db, next.hours, horizon);
      batch = Math.min(MAX_HOURS_PER_BATCH, batch * 2);
      continue;
    } catch {
      // One of these hours is too big for a statement, or failing: each alone, in bounded reads,
      // and smaller batches for a while.
      batch = Math.max(1, Math.floor(batch / 4));
    }
    for (const hour of next.hours) {
      try {
        out.hours += await rollUpHourAlone(db, hour, horizon);
      } catch {
        await deferHour(db, hour, horizon);
        out.deferred += 1;
      }
    }
  }
}
