import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Watches the media nodes (docs/decisions/1202): a node that stops answering has its rooms failed
 * over within seconds, and rooms lost with it end once the failover grace is over. Every 2 s
 * embedded; every minute on Inngest (its finest cron), where reconcile's pass also fails over.
 */
export const watchMediaNodes = defineScheduledJob({
  id: "watch-media-nodes",
  name: "Watch media nodes and fail their rooms over",
  trigger: { cron: "* * * * *" },
  backends: ["embedded", "inngest"],
  pollMs: 2_000,
  inngest: { retries: 1, concurrency: { limit: 1 } },
  handler: async (ctx) => (await import("@/lib/media/watch-media-nodes")).watchMediaNodesPass(ctx),
});
