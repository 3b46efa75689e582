import { z } from "zod";
import { hasRoomSubject } from "@/lib/events/room-sequence";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { prefixedId, timestamp } from "@/lib/wire";

/** On every media event (room, participant, recording, quality, stream): docs/decisions/1325. */
const roomSequenceFields = {
  room_id: prefixedId("rm_").meta({ description: "The room the event is about: the scope of `sequence`." }),
  sequence: z.number().int().nonnegative().meta({
    description:
      "The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0.",
  }),
};

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
      ...(hasRoomSubject(type) ? roomSequenceFields : {}),
      test: z
        .literal(true)
        .optional()
        .meta({ description: "Present on events sent by POST …/test: example data, not a real change." }),
      data: z.object({ object }),
    })
    .meta({ id });
}
