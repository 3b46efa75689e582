import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Inngest's safety net for webhook deliveries: hands over again the deliveries whose hand-off was
 * lost (the process died between commit and send, or Inngest refused the send).
 */
export const sweepWebhookDeliveries = defineScheduledJob({
  id: "sweep-webhook-deliveries",
  name: "Re-dispatch lost webhook deliveries",
  trigger: { cron: "*/5 * * * *" },
  backends: ["inngest"],
  handler: async (ctx) => (await import("@/lib/webhooks/delivery/hand-off")).sweepUndelivered(ctx),
});
