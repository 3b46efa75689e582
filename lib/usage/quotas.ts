import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { USAGE_QUOTA_METRICS } from "@/db/enums";
import { usageDaily } from "@/db/schema";
import type { Plan } from "@/lib/billing/plans";
import type { DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { monthEnd } from "@/lib/usage/usage-days";
import type { QuotaDto } from "@/lib/usage/usage-schema";

export type QuotaMetric = (typeof USAGE_QUOTA_METRICS)[number];

/**
 * What each plan includes per calendar month (cloud mode; docs/decisions/1312). Prices and overage
 * live in the billing system; this service only tells the org where it stands and warns it at 80 %
 * and 100 %. Enterprise contracts have no included cap here. Exceeding blocks nothing.
 */
export const PLAN_QUOTAS: Record<Plan, Partial<Record<QuotaMetric, number>>> = {
  starter: { participant_minutes: 10_000, recording_minutes: 1_000 },
  pro: { participant_minutes: 100_000, recording_minutes: 10_000 },
  enterprise: {},
};

/** The month's use of the quota metrics, org-wide, from the rollup. */
export async function monthUse(
  db: DbOrTx,
  orgId: string,
  month: string,
): Promise<Record<QuotaMetric, number>> {
  const rows = await db
    .select({ metric: usageDaily.metric, value: sql<string>`sum(${usageDaily.value})` })
    .from(usageDaily)
    .where(
      and(
        eq(usageDaily.orgId, orgId),
        gte(usageDaily.day, `${month}-01`),
        lte(usageDaily.day, monthEnd(month)),
        inArray(usageDaily.metric, ["publisher_minutes", "viewer_minutes", "recording_minutes"]),
      ),
    )
    .groupBy(usageDaily.metric);
  const of = (m: string) => Number(rows.find((r) => r.metric === m)?.value ?? 0);
  return {
    participant_minutes: of("publisher_minutes") + of("viewer_minutes"),
    recording_minutes: of("recording_minutes"),
  };
}

/** The plan's quotas and the month's use against them; none outside cloud mode or without a plan. */
export async function quotasFor(
  db: DbOrTx,
  orgId: string,
  plan: Plan | null,
  month: string,
): Promise<QuotaDto[]> {
  if (env.SVC_DEPLOYMENT_MODE !== "cloud" || !plan) return [];
  const included = PLAN_QUOTAS[plan];
  const metrics = USAGE_QUOTA_METRICS.filter((m) => included[m] !== undefined);
  if (metrics.length === 0) return [];
  const use = await monthUse(db, orgId, month);
  return metrics.map((metric) => {
    const cap = included[metric] ?? 0;
    return {
      metric,
      month,
      included: cap,
      used: use[metric],
      percent: cap > 0 ? Math.round((use[metric] / cap) * 1000) / 10 : 0,
    };
  });
}

/**
 * The one thing exceeding blocks (docs/decisions/1312): on a plan whose recording minutes are a
 * hard cap (starter), a new recording once this month's included minutes are used up: 402
 * `quota_exceeded` until the month ends or the plan changes. Meetings, tokens and recordings
 * already running are never cut. Cloud mode only. Called by lib/recordings/start-recording.ts.
 */
export const HARD_CAPPED: Partial<Record<Plan, QuotaMetric[]>> = { starter: ["recording_minutes"] };

export async function requireRecordingQuota(
  db: DbOrTx,
  orgId: string,
  plan: Plan | null,
  now: Date,
): Promise<void> {
  if (env.SVC_DEPLOYMENT_MODE !== "cloud" || !plan || !HARD_CAPPED[plan]?.includes("recording_minutes"))
    return;
  const included = PLAN_QUOTAS[plan].recording_minutes;
  if (included === undefined) return;
  const month = now.toISOString().slice(0, 7);
  const use = await monthUse(db, orgId, month);
  if (use.recording_minutes >= included) {
    throw new ApiError(
      "quota_exceeded",
      `This month's ${included} recording minutes of the ${plan} plan are used up: new recordings start again next month or on another plan.`,
    );
  }
}
