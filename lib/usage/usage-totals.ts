import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { monthStart, utcDay } from "@/lib/usage/usage-days";

/** How long one reading serves scrapes: the rollup itself moves every 30 s to a minute. */
const CACHE_MS = 60_000;
let cached: { at: number; rows: { metric: string; value: number }[] } | undefined;

/**
 * This UTC month's usage of all orgs together, per metric, for /metrics (docs/decisions/1313):
 * never per org. Read at most once a minute (usage_daily_day_idx).
 */
export async function readUsageTotals(now = new Date()): Promise<{ metric: string; value: number }[]> {
  if (cached && now.getTime() - cached.at < CACHE_MS) return cached.rows;
  const db = await getDb();
  const rows = rowsOf<{ metric: string; value: string }>(
    await db.execute(sql`
      SELECT metric, sum(value) AS value FROM usage_daily
      WHERE day >= ${monthStart(utcDay(now))}::date GROUP BY metric`),
  ).map((r) => ({ metric: r.metric, value: Number(r.value) }));
  const of = (m: string) => rows.find((r) => r.metric === m)?.value ?? 0;
  rows.push({ metric: "participant_minutes", value: of("publisher_minutes") + of("viewer_minutes") });
  cached = { at: now.getTime(), rows };
  return rows;
}
