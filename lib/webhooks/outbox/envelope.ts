import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";

/** A domain event as the outbox records it. */
export interface DomainEvent {
  id: string;
  type: DeliveryEventType;
  orgId: string;
  projectId: string | null;
  createdAt: Date;
  /** docs/spec/product-decisions.md §6: the resource as the API returns it, already checked by its event's schema. */
  object: unknown;
  /** Sent by POST …/test: example data, not a real change (docs/decisions/0946). */
  test?: boolean;
  /** A media event's room and its number in that room's sequence (docs/decisions/1325). */
  room?: { id: string; sequence: number };
}

/**
 * docs/spec/product-decisions.md §6's envelope, with `id` set to the id a receiver sees: the event's own id in the
 * outbox row, the delivery's `evt_` id (X-SVC-Webhook-Id) in a delivery's body. Its shape is
 * `eventBodySchema` (lib/webhooks/events/event-body-schema.ts).
 */
export function envelope(e: DomainEvent, id: string) {
  return {
    id,
    type: e.type,
    created_at: e.createdAt.toISOString(),
    org_id: e.orgId,
    project_id: e.projectId,
    // Before `test`: isTestBody reads `"test":true` right before `"data"`.
    ...(e.room ? { room_id: e.room.id, sequence: e.room.sequence } : {}),
    ...(e.test ? { test: true as const } : {}),
    data: { object: e.object },
  };
}

/**
 * The body one endpoint receives, serialised once when the delivery is created and stored: every
 * attempt sends and signs exactly these bytes (docs/decisions/0800).
 */
export function deliveryBody(e: DomainEvent, webhookId: string): string {
  return JSON.stringify(envelope(e, webhookId));
}

/**
 * Whether a stored delivery body is a test event's (POST …/test, docs/decisions/0946): `"test":true`
 * precedes `"data"` in the envelope above, and everything before `data` is the service's own ids
 * and names, so nothing a customer wrote can fake it.
 */
export function isTestBody(body: string): boolean {
  const data = body.indexOf(',"data":');
  return data > 0 && body.lastIndexOf(',"test":true', data) === data - ',"test":true'.length;
}
