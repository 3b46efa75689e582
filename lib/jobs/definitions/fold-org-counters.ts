import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Folds the rooms triggers' insert-only deltas into org_counters (docs/decisions/1203). Readers
 * add the deltas not folded yet, so figures are exact whenever this runs; it only keeps the
 * delta rows few. Every 10 s embedded, every minute on Inngest.
 */
export const foldOrgCounters = defineScheduledJob({
  id: "fold-org-counters",
  name: "Fold org counter deltas",
  trigger: { cron: "* * * * *" },
  backends: ["embedded", "inngest"],
  pollMs: 10_000,
  inngest: { retries: 1, concurrency: { limit: 1 } },
  handler: async (ctx) => (await import("@/lib/insights/fold-org-counters")).foldOrgCountersPass(ctx),
});
