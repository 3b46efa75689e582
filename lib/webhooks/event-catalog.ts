/** Event names (docs/spec/service-spec.md "Event names"; docs/spec/product-decisions.md §6). */

/** What workspace registration (endpoint 9) accepts. */
export const WORKSPACE_EVENTS = [
  "room.created",
  "room.ended",
  "recording.started",
  "recording.completed",
  "recording.failed",
] as const;

/** The whole catalog: what project-key registration (endpoint 15) accepts. */
export const CATALOG_EVENTS = [
  ...WORKSPACE_EVENTS,
  "recording.ready",
  "participant.left",
  "qos.alert",
  "license.revoked",
] as const;

export type CatalogEvent = (typeof CATALOG_EVENTS)[number];

/** Sent by "send test event" to one endpoint, whatever it subscribes to. */
export const TEST_EVENT = "webhook.test";

/** Every type a delivery can carry: the catalog and the test event. */
export const DELIVERY_EVENT_TYPES = [...CATALOG_EVENTS, TEST_EVENT] as const;
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
  "webhook.test": "Sent by Send test event, to one endpoint only",
};

/** Catalog events an org-wide endpoint cannot subscribe to (they need a project: endpoint 15). */
export const PROJECT_ONLY_EVENTS = CATALOG_EVENTS.filter(
  (e) => !(WORKSPACE_EVENTS as readonly string[]).includes(e),
);
