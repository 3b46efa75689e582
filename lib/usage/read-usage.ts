import { and, eq, gte, lte, sql } from "drizzle-orm";
import { projects, usageDaily } from "@/db/schema";
import { getOrgPlan } from "@/lib/billing/get-plan";
import type { DbOrTx } from "@/lib/db";
import { ApiError, validationError } from "@/lib/http/errors";
import { quotasFor } from "@/lib/usage/quotas";
import { addDays, daysInRange, monthOf, monthStart, utcDay } from "@/lib/usage/usage-days";
import {
  MAX_RANGE_DAYS,
  REPORTED_METRICS,
  type ReportedMetric,
  type UsageDto,
  type UsageQuery,
} from "@/lib/usage/usage-schema";

/** The range asked for, with the defaults (this UTC month so far), checked again once filled in. */
export function usageRange(q: Pick<UsageQuery, "from" | "to">, now: Date): { from: string; to: string } {
  const today = utcDay(now);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? (to < today ? monthStart(to) : monthStart(today));
  if (from > to) throw validationError([{ path: "from", message: "from must not be after to" }]);
  if (daysInRange(from, to) > MAX_RANGE_DAYS)
    throw validationError([{ path: "to", message: `a range covers at most ${MAX_RANGE_DAYS} days` }]);
  return { from, to };
}

/** Every period of the range, in order: days, or the months it touches. */
function periodsOf(from: string, to: string, granularity: "day" | "month"): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const p = granularity === "day" ? d : monthOf(d);
    if (out[out.length - 1] !== p) out.push(p);
  }
  return out;
}

/**
 * GET /v1/workspace/usage: the rollup (lib/usage/roll-up-usage.ts) of the caller's org, one
 * project's when asked (another org's project is 404), summed per period. Every period of the
 * range is in every series, zeros included, so a chart needs no gap filling.
 */
export async function readUsage(
  db: DbOrTx,
  orgId: string,
  q: UsageQuery,
  now = new Date(),
): Promise<UsageDto> {
  const { from, to } = usageRange(q, now);
  if (q.project_id) {
    const [p] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, q.project_id), eq(projects.orgId, orgId)))
      .limit(1);
    if (!p) throw new ApiError("not_found", "No such project in this org.");
  }
  // usage_daily's primary key (org_id, day, project_id, metric).
  const rows = await db
    .select({ day: usageDaily.day, metric: usageDaily.metric, value: sql<string>`sum(${usageDaily.value})` })
    .from(usageDaily)
    .where(
      and(
        eq(usageDaily.orgId, orgId),
        gte(usageDaily.day, from),
        lte(usageDaily.day, to),
        q.project_id ? eq(usageDaily.projectId, q.project_id) : undefined,
      ),
    )
    .groupBy(usageDaily.day, usageDaily.metric);
  const periods = periodsOf(from, to, q.granularity);
  const index = new Map(periods.map((p, i) => [p, i]));
  const values = Object.fromEntries(REPORTED_METRICS.map((m) => [m, periods.map(() => 0)])) as Record<
    ReportedMetric,
    number[]
  >;
  for (const r of rows) {
    const i = index.get(q.granularity === "day" ? r.day : monthOf(r.day));
    if (i === undefined) continue;
    const v = Number(r.value);
    values[r.metric][i] = (values[r.metric][i] ?? 0) + v;
    if (r.metric === "publisher_minutes" || r.metric === "viewer_minutes")
      values.participant_minutes[i] = (values.participant_minutes[i] ?? 0) + v;
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    from,
    to,
    granularity: q.granularity,
    project_id: q.project_id ?? null,
    totals: Object.fromEntries(REPORTED_METRICS.map((m) => [m, sum(values[m])])) as UsageDto["totals"],
    series: Object.fromEntries(
      REPORTED_METRICS.map((m) => [m, periods.map((period, i) => ({ period, value: values[m][i] ?? 0 }))]),
    ) as UsageDto["series"],
    quotas: await quotasFor(db, orgId, await getOrgPlan(db, orgId), monthOf(utcDay(now))),
  };
}
