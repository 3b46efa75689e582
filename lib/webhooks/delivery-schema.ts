import { z } from "zod";
import { ATTEMPT_OUTCOMES, DELIVERY_STATUSES } from "@/db/enums";
import { ERROR_CLASSES } from "@/lib/webhooks/delivery/error-class";
import { DELIVERY_EVENT_TYPES } from "@/lib/webhooks/event-catalog";
import { prefixedId, timestamp } from "@/lib/wire";

/** A delivery's state (lib/webhooks/delivery): pending until it ends one of the other ways. */
export { ATTEMPT_OUTCOMES, DELIVERY_STATUSES };
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What an attempt left the delivery in. */
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/** One attempt, with the debugger's fields (docs/decisions/0945). */
export const deliveryAttemptSchema = z
  .object({
    attempt: z.number().int(),
    started_at: timestamp,
    duration_ms: z.number().int(),
    status_code: z.number().int().nullable(),
    outcome: z.enum(ATTEMPT_OUTCOMES).meta({ description: "The delivery's state after this attempt." }),
    response_body: z.string().nullable().meta({ description: "The first 4 KiB of the response." }),
    error: z.string().nullable(),
    finished_at: timestamp,
    request_headers: z
      .record(z.string(), z.string())
      .nullable()
      .meta({ description: "The headers as sent (signatures included)." }),
    response_headers: z.record(z.string(), z.string()).nullable(),
    error_class: z.enum(ERROR_CLASSES).nullable(),
  })
  .meta({ id: "DeliveryAttempt" });
export type DeliveryAttemptDto = z.output<typeof deliveryAttemptSchema>;

export const deliverySchema = z
  .object({
    id: prefixedId("dlv_"),
    event_id: prefixedId("evt_").meta({
      description: "What the receiver sees as webhook-id and the body's `id`.",
    }),
    event_type: z.enum(DELIVERY_EVENT_TYPES),
    endpoint_id: prefixedId("wh_"),
    status: z.enum(DELIVERY_STATUSES),
    attempt_count: z.number().int(),
    next_attempt_at: timestamp.nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
    request_body: z.string().meta({ description: "The body as sent and signed on every attempt." }),
    attempts: z.array(deliveryAttemptSchema),
  })
  .meta({ id: "Delivery" });
export type DeliveryDto = z.output<typeof deliverySchema>;
