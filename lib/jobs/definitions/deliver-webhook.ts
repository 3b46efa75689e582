import { z } from "zod";
import { env } from "@/lib/env";
import { defineEventJob } from "@/lib/jobs/define-job";

/**
 * One webhook delivery's run under Inngest: wait until the attempt is due, attempt, sleep the
 * backoff, until the delivery ends (docs/decisions/0200). One run per delivery and schedule
 * (`runKey`), at most a few attempts at once per endpoint, so one receiver's outage or slowness
 * never holds up the others. On the embedded backend `deliver-due-webhooks` claims them instead.
 * The handler (lib/webhooks/delivery/run-delivery.ts) is bound in lib/jobs/registry.ts.
 */
export const deliverWebhook = defineEventJob({
  id: "deliver-webhook",
  name: "Deliver a webhook",
  trigger: {
    event: "svc/webhook.delivery.requested",
    schema: z.object({
      deliveryId: z.string(),
      endpointId: z.string(),
      /** The delivery's org (fair shares between orgs: docs/decisions/1023); absent in older events. */
      orgId: z.string().optional(),
      /** attempt_count when this schedule began: 0, or the count at a redelivery. */
      scheduleBase: z.number().int().min(0),
      /** `<deliveryId>:<scheduleBase>`: the run's idempotency key and the event's dedupe id. */
      runKey: z.string(),
    }),
  },
  embeddedWorker: "deliver-due-webhooks",
  inngest: {
    idempotency: "event.data.runKey",
    // Fair shares (docs/decisions/1023): steps running at once per endpoint and per org, the same
    // caps as the embedded claim. Sleeps hold no place; Inngest queues each key apart, so a
    // hanging org waits behind its own limit while other orgs' runs start.
    concurrency: [
      { key: "event.data.endpointId", limit: env.SVC_WEBHOOK_ENDPOINT_CONCURRENCY },
      { key: "event.data.orgId", limit: env.SVC_WEBHOOK_ORG_CONCURRENCY },
    ],
  },
});

export type DeliveryRequested = z.output<typeof deliverWebhook.trigger.schema>;
