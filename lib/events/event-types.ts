import { z } from "zod";
import { participantSchema, qosAlertSchema } from "@/lib/media/media-event-schemas";
import { RECORDING_EVENT_OBJECTS } from "@/lib/recordings/recording-schema";
import { roomSchema } from "@/lib/rooms/room-schema";
import { webhookSchema } from "@/lib/webhooks/endpoint-schema";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { eventBodySchema } from "@/lib/webhooks/events/event-body-schema";
import { timestamp } from "@/lib/wire";

/**
 * Every event a receiver can get, typed: its object schema (the one its emitter records it with,
 * lib/webhooks/outbox/record-event.ts) and the whole body around it. The OpenAPI document's
 * top-level `webhooks` is built from this list (app/api-routes.ts passes it), so SDK generators
 * type every body; tests/webhooks-events.test.ts checks real deliveries against it. This area
 * sits above rooms, media, recordings and webhooks (each emits events), so none imports it.
 */

/** `license.revoked` (self_host): the license that stopped being valid. */
export const licenseSchema = z
  .object({
    license_id: z.string(),
    reason: z.string().meta({ description: "Why the license check failed." }),
    revoked_at: timestamp,
  })
  .meta({ id: "License" });

export interface EventType {
  summary: string;
  object: z.ZodType;
  body: z.ZodType;
}

const typed = <T extends DeliveryEventType, O extends z.ZodType>(
  type: T,
  id: string,
  summary: string,
  object: O,
) => ({ summary, object, body: eventBodySchema(type, object, id) });

export const EVENT_TYPES = {
  "room.created": typed("room.created", "RoomCreatedEvent", "A room was created.", roomSchema),
  "room.ended": typed(
    "room.ended",
    "RoomEndedEvent",
    "A room ended (last participant left or the host ended it).",
    roomSchema,
  ),
  "participant.left": typed(
    "participant.left",
    "ParticipantLeftEvent",
    "A participant left a room.",
    participantSchema,
  ),
  "recording.started": typed(
    "recording.started",
    "RecordingStartedEvent",
    "A recording started (`state: started`).",
    RECORDING_EVENT_OBJECTS["recording.started"],
  ),
  "recording.completed": typed(
    "recording.completed",
    "RecordingCompletedEvent",
    "A recording completed (`state: completed`, duration and size filled in).",
    RECORDING_EVENT_OBJECTS["recording.completed"],
  ),
  "recording.failed": typed(
    "recording.failed",
    "RecordingFailedEvent",
    "A recording failed (`state: failed`).",
    RECORDING_EVENT_OBJECTS["recording.failed"],
  ),
  "recording.ready": typed(
    "recording.ready",
    "RecordingReadyEvent",
    "A recording's processing finished; it can be downloaded once completed.",
    RECORDING_EVENT_OBJECTS["recording.ready"],
  ),
  "qos.alert": typed("qos.alert", "QosAlertEvent", "The media plane measured poor quality.", qosAlertSchema),
  "license.revoked": typed(
    "license.revoked",
    "LicenseRevokedEvent",
    "An on-prem license was invalidated (self_host).",
    licenseSchema,
  ),
  "webhook.test": typed(
    "webhook.test",
    "WebhookTestEvent",
    "Sent by POST /v1/workspace/webhooks/{id}/test without `event_type`: the endpoint itself.",
    webhookSchema,
  ),
} as const satisfies Record<DeliveryEventType, EventType>;
