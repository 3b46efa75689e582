/**
 * Event names (docs/spec/service-spec.md "Event names"; docs/spec/product-decisions.md §6): the
 * lists live in db/enums.ts (docs/decisions/1022).
 */
import { CATALOG_EVENTS, DELIVERY_EVENT_TYPES, TEST_EVENT, WORKSPACE_EVENTS } from "@/db/enums";

export { CATALOG_EVENTS, DELIVERY_EVENT_TYPES, TEST_EVENT, WORKSPACE_EVENTS };

export type CatalogEvent = (typeof CATALOG_EVENTS)[number];
export type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];

/**
 * What each event means, in a sentence: the console's event picker, the delivery filter and the
 * event catalogue page all read this one list (issue 38). Import-free, so the browser can use it.
 */
export const EVENT_DESCRIPTIONS: Record<DeliveryEventType, string> = {
  "room.created": "A room was created",
  "room.ended": "The last participant left, or the host ended the room",
  "recording.started": "A recording began",
  "recording.completed": "A recording finished and is listed",
  "recording.failed": "A recording could not be made",
  "recording.ready": "A recording's processing finished",
  "participant.left": "A participant left a room",
  "qos.alert": "The media server measured poor quality (loss, bitrate or round-trip time)",
  "license.revoked": "A self-hosted install's license was invalidated",
  "usage.threshold": "This month's use crossed 80 % or 100 % of a plan's included quota",
  "stream.started": "A live stream of a room started",
  "stream.ended": "A live stream ended (stopped, or its room ended)",
  "stream.failed": "An output of a live stream failed (an unreachable RTMP destination, a codec)",
  "webhook.test": "Sent by Send test event, to one endpoint only",
  "participant.joined": "A participant entered a room",
};

/** Catalog events an org-wide endpoint cannot subscribe to (they need a project: endpoint 15). */
export const PROJECT_ONLY_EVENTS = CATALOG_EVENTS.filter(
  (e) => !(WORKSPACE_EVENTS as readonly string[]).includes(e),
);
