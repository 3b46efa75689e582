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
