import { z } from "zod";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { prefixedId, timestamp } from "@/lib/wire";

/**
 * The body of one event type (docs/spec/product-decisions.md §6's envelope around its object): the OpenAPI
 * document's top-level `webhooks` describes each type with it, and tests check every real
 * delivery body against it. The object inside is checked by the same object schema when the
 * event is recorded (lib/webhooks/outbox/record-event.ts).
 */
export function eventBodySchema<T extends DeliveryEventType, O extends z.ZodType>(
  type: T,
  object: O,
  id: string,
) {
  return z
    .object({
      id: prefixedId("evt_").meta({
        description: "The delivery's id, the same as the `webhook-id` header: dedupe on it.",
      }),
      type: z.literal(type),
      created_at: timestamp,
      org_id: prefixedId("org_"),
      project_id: prefixedId("prj_").nullable(),
      test: z
        .literal(true)
        .optional()
        .meta({ description: "Present on events sent by POST …/test: example data, not a real change." }),
      data: z.object({ object }),
    })
    .meta({ id });
}
