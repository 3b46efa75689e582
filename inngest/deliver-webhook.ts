import { inngest } from "@/inngest/client";
import { getDb } from "@/lib/db";
import { attemptDelivery, prepareRun } from "@/lib/webhooks/delivery/attempt-delivery";
import {
  DELIVERY_REQUESTED,
  type DeliveryRequestedData,
  sweepUndelivered,
} from "@/lib/webhooks/delivery/dispatch";

/**
 * The Inngest driver of webhook delivery: one run per delivery (and per redelivery), idempotent on
 * its key. Each attempt is a `step.run` of the shared state machine and each backoff a `step.sleep`,
 * so the schedule survives deploys and restarts; a retried step never sends an attempt twice.
 */
export const deliverWebhook = inngest.createFunction(
  {
    id: "deliver-webhook",
    name: "Deliver a webhook",
    triggers: [{ event: DELIVERY_REQUESTED }],
    idempotency: "event.data.runKey",
  },
  async ({ event, step }) => {
    const data = event.data as DeliveryRequestedData;
    const start = await step.run("prepare", async () =>
      prepareRun(await getDb(), data.deliveryId, data.scheduleBase),
    );
    if (!start) return { deliveryId: data.deliveryId, state: "skipped" as const };
    let attempt = start.attempt;
    if (start.waitMs > 0) await step.sleep(`delay-${attempt}`, start.waitMs);
    for (;;) {
      const n = attempt;
      const report = await step.run(`attempt-${n}`, async () =>
        attemptDelivery(await getDb(), data.deliveryId, n),
      );
      if (report.state !== "pending" || report.retryInMs === null) return report;
      await step.sleep(`backoff-${n}`, report.retryInMs);
      attempt = report.attempt + 1;
    }
  },
);

/** Re-dispatches deliveries whose hand-off to Inngest was lost (see sweepUndelivered). */
export const sweepWebhookDeliveries = inngest.createFunction(
  {
    id: "sweep-webhook-deliveries",
    name: "Re-dispatch lost webhook deliveries",
    triggers: [{ cron: "*/5 * * * *" }],
  },
  async ({ step }) => step.run("sweep", async () => ({ dispatched: await sweepUndelivered(await getDb()) })),
);
