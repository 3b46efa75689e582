import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * The embedded backend's webhook worker: claims every due delivery (with a lease) and starts its
 * attempt; expired leases (a claimer that died) come due again, so this is also the lease recovery.
 */
export const deliverDueWebhooks = defineScheduledJob({
  id: "deliver-due-webhooks",
  name: "Deliver due webhooks",
  trigger: { cron: "* * * * *" },
  backends: ["embedded"],
  handler: async (ctx) => (await import("@/lib/webhooks/delivery/deliver-due")).deliverDue(ctx),
});
