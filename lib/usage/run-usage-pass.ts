import type { PassContext, PassResult } from "@/lib/jobs/define-job";

/** The roll-up-usage job's pass: the rollup, then the quota thresholds it may have crossed. */
export async function runUsagePass(ctx: Pick<PassContext, "now">): Promise<PassResult> {
  const { getDb } = await import("@/lib/db");
  const { rollUpUsage } = await import("@/lib/usage/roll-up-usage");
  const db = await getDb();
  const { sendThresholdNotices } = await import("@/lib/usage/notify-thresholds");
  const { countUsagePass, countUsageHoursDeferred } = await import("@/lib/observability/metrics");
  const spans = await rollUpUsage(db, ctx.now);
  countUsageHoursDeferred(spans.deferred);
  const notices = await sendThresholdNotices(db, ctx.now);
  countUsagePass(notices);
  return {
    next: null,
    summary: {
      span_hours: spans.hours,
      span_hours_deferred: spans.deferred,
      threshold_notices: notices.length,
    },
  };
}
