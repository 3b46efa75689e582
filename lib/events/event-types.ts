import type { z } from "zod";
import { EVENT_OBJECTS, licenseSchema } from "@/lib/events/event-objects";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { eventBodySchema } from "@/lib/webhooks/events/event-body-schema";

/**
 * Every event a receiver can get, typed: its object schema (from the one vocabulary,
 * lib/events/event-objects.ts, which the outbox records it with) and the whole body around it. The
 * OpenAPI document's top-level `webhooks` is built from this list (app/api-routes.ts passes it), so
 * SDK generators type every body; tests/webhooks-events.test.ts checks real deliveries against it.
 */

export { licenseSchema };

export interface EventType {
  summary: string;
  object: z.ZodType;
  body: z.ZodType;
}

const typed = <T extends DeliveryEventType>(type: T, id: string, summary: string) => {
  const object: (typeof EVENT_OBJECTS)[T] = EVENT_OBJECTS[type];
  return { summary, object, body: eventBodySchema(type, object, id) };
};

export const EVENT_TYPES = {
  "room.created": typed("room.created", "RoomCreatedEvent", "A room was created."),
  "room.ended": typed(
    "room.ended",
    "RoomEndedEvent",
    "A room ended (last participant left or the host ended it).",
  ),
  "participant.left": typed("participant.left", "ParticipantLeftEvent", "A participant left a room."),
  "recording.started": typed(
    "recording.started",
    "RecordingStartedEvent",
    "A recording started (`state: started`).",
  ),
  "recording.completed": typed(
    "recording.completed",
    "RecordingCompletedEvent",
    "A recording completed (`state: completed`, duration and size filled in).",
  ),
  "recording.failed": typed(
    "recording.failed",
    "RecordingFailedEvent",
    "A recording failed (`state: failed`).",
  ),
  "recording.ready": typed(
    "recording.ready",
    "RecordingReadyEvent",
    "A recording's processing finished; it can be downloaded once completed.",
  ),
  "qos.alert": typed("qos.alert", "QosAlertEvent", "The media plane measured poor quality."),
  "license.revoked": typed(
    "license.revoked",
    "LicenseRevokedEvent",
    "An on-prem license was invalidated (self_host).",
  ),
  "usage.threshold": typed(
    "usage.threshold",
    "UsageThresholdEvent",
    "The org's use this month crossed 80 % or 100 % of a quota its plan includes (cloud; once per month each).",
  ),
  "stream.started": typed(
    "stream.started",
    "StreamStartedEvent",
    "A live stream started: the media plane sends it to its outputs (`state: live`).",
  ),
  "stream.ended": typed(
    "stream.ended",
    "StreamEndedEvent",
    "A live stream ended: stopped, or its room ended (`state: ended`; the HLS playlist is final).",
  ),
  "stream.failed": typed(
    "stream.failed",
    "StreamFailedEvent",
    "An output of a live stream failed (its `failure_reason` says why); `state: failed` when none is left.",
  ),
  "webhook.test": typed(
    "webhook.test",
    "WebhookTestEvent",
    "Sent by POST /v1/workspace/webhooks/{id}/test without `event_type`: the endpoint itself.",
  ),
  "participant.joined": typed(
    "participant.joined",
    "ParticipantJoinedEvent",
    "A participant entered a room (its first connection; `left_at` is null).",
  ),
} as const satisfies Record<DeliveryEventType, EventType>;
