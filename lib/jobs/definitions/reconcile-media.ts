import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Media-plane reconcile (docs/decisions/1042): asks every media node which rooms and participants
 * it has and repairs what its events missed (a lost leave, a node that restarted). Does nothing
 * with SVC_MEDIA_PLANE=none. Every 30 s embedded, every minute on Inngest (its finest cron).
 */
export const reconcileMedia = defineScheduledJob({
  id: "reconcile-media",
  name: "Reconcile rooms with the media plane",
  trigger: { cron: "* * * * *" },
  backends: ["embedded", "inngest"],
  pollMs: 30_000,
  // One pass at a time across the deployment: two would repair the same rooms twice.
  inngest: { retries: 1, concurrency: { limit: 1 } },
  handler: async (ctx) => (await import("@/lib/media/reconcile-media")).reconcilePass(ctx),
});
