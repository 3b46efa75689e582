import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Rolls usage up per org, project and UTC day (lib/usage/roll-up-usage.ts, docs/decisions/1310),
 * then notifies orgs that crossed a quota threshold (lib/usage/notify-thresholds.ts). A pass
 * recomputes, never adds, so a repeated or interrupted pass changes nothing. Every 30 s embedded,
 * every minute on Inngest.
 */
export const rollUpUsageJob = defineScheduledJob({
  id: "roll-up-usage",
  name: "Roll up usage",
  trigger: { cron: "* * * * *" },
  backends: ["embedded", "inngest"],
  pollMs: 30_000,
  inngest: { retries: 1, concurrency: { limit: 1 } },
  handler: async (ctx) => (await import("@/lib/usage/run-usage-pass")).runUsagePass(ctx),
});
