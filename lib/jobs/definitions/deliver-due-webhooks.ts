import { defineScheduledJob } from "@/lib/jobs/define-job";

type DeliverDue = typeof import("@/lib/webhooks/delivery/deliver-due");
/** Loaded on the first pass; kept, since every finished attempt runs another pass. */
let deliverDueModule: Promise<DeliverDue> | undefined;

/**
 * The embedded backend's webhook worker: claims every due delivery (with a lease) and starts its
 * attempt; expired leases (a claimer that died) come due again, so this is also the lease recovery.
 */
export const deliverDueWebhooks = defineScheduledJob({
  id: "deliver-due-webhooks",
  name: "Deliver due webhooks",
  trigger: { cron: "* * * * *" },
  backends: ["embedded"],
  handler: async (ctx) => {
    deliverDueModule ??= import("@/lib/webhooks/delivery/deliver-due").catch((err: unknown) => {
      deliverDueModule = undefined; // the next pass tries again
      throw err;
    });
    return (await deliverDueModule).deliverDue(ctx);
  },
});
