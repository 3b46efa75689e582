import { z } from "zod";
import { participantSchema, qosAlertSchema } from "@/lib/media/media-event-schemas";
import { RECORDING_EVENT_OBJECTS } from "@/lib/recordings/recording-schema";
import { roomSchema } from "@/lib/rooms/room-schema";
import { STREAM_EVENT_OBJECTS } from "@/lib/streams/stream-schema";
import { usageThresholdSchema } from "@/lib/usage/threshold-schema";
import { webhookSchema } from "@/lib/webhooks/endpoint-schema";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { timestamp } from "@/lib/wire";

/**
 * THE event vocabulary's objects: for each event type, the schema of the object its body carries
 * (`data.object`). The outbox looks the schema up by the type (lib/webhooks/outbox/record-event.ts),
 * so an emitter names only the type, and an object of another type does not compile
 * (docs/decisions/1021). lib/events/event-types.ts builds the OpenAPI document's bodies from it.
 */

/** `license.revoked` (self_host): the license that stopped being valid. */
export const licenseSchema = z
  .object({
    license_id: z.string(),
    reason: z.string().meta({
      description:
        "Why the license check failed: `expired`, `revoked`, `over_seat_limit`, `over_participant_limit`, `issuer_unreachable`, `signature`, `malformed`, `not_yet_valid` or `unreadable` (docs/webhooks.md).",
    }),
    revoked_at: timestamp.meta({ description: "When the install found the licence invalid." }),
  })
  .meta({ id: "License" });

export const EVENT_OBJECTS = {
  "room.created": roomSchema,
  "room.ended": roomSchema,
  "participant.left": participantSchema,
  "recording.started": RECORDING_EVENT_OBJECTS["recording.started"],
  "recording.completed": RECORDING_EVENT_OBJECTS["recording.completed"],
  "recording.failed": RECORDING_EVENT_OBJECTS["recording.failed"],
  "recording.ready": RECORDING_EVENT_OBJECTS["recording.ready"],
  "qos.alert": qosAlertSchema,
  "license.revoked": licenseSchema,
  "usage.threshold": usageThresholdSchema,
  "stream.started": STREAM_EVENT_OBJECTS["stream.started"],
  "stream.ended": STREAM_EVENT_OBJECTS["stream.ended"],
  "stream.failed": STREAM_EVENT_OBJECTS["stream.failed"],
  "webhook.test": webhookSchema,
  "participant.joined": participantSchema,
} as const satisfies Record<DeliveryEventType, z.ZodType>;

/** The object an event of type `T` carries, as its emitter passes it (before parsing). */
export type EventObjectInput<T extends DeliveryEventType> = z.input<(typeof EVENT_OBJECTS)[T]>;
