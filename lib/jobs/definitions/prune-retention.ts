import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Bounded growth (docs/decisions/0965): prunes ended deliveries and their payloads, old media
 * report ids, sent emails, expired idempotency keys and rate-limit counters, the audit log, quality
 * samples and room-token mints (docs/decisions/1370) past their retention, in small batches.
 * Hourly; a backlog continues pass after pass.
 */
export const pruneRetention = defineScheduledJob({
  id: "prune-retention",
  name: "Prune data past its retention",
  trigger: { cron: "23 * * * *" },
  backends: ["embedded", "inngest"],
  pollMs: 60 * 60 * 1000,
  // One pass at a time across the deployment: passes on several instances would only contend.
  inngest: { retries: 2, concurrency: { limit: 1 } },
  handler: async (ctx) => (await import("@/lib/retention/run-retention")).retentionPass(ctx),
});
