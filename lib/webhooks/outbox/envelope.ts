/** A domain event as the outbox records it. */
export interface DomainEvent {
  id: string;
  type: string;
  orgId: string;
  projectId: string | null;
  createdAt: Date;
  /** Decisions §6: the resource as the API returns it. */
  object: unknown;
}

/**
 * Decisions §6's envelope, with `id` set to the id a receiver sees: the event's own id in the
 * outbox row, the delivery's `evt_` id (X-SVC-Webhook-Id) in a delivery's body.
 */
export function envelope(e: DomainEvent, id: string) {
  return {
    id,
    type: e.type,
    created_at: e.createdAt.toISOString(),
    org_id: e.orgId,
    project_id: e.projectId,
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
