import { events } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { JobTx } from "@/lib/jobs/transaction";
import { type DomainEvent, envelope } from "@/lib/webhooks/outbox/envelope";
import { createDeliveries } from "@/lib/webhooks/outbox/fan-out";

export type { DomainEvent };

export interface EventInput {
  type: string;
  orgId: string;
  projectId: string | null;
  object: unknown;
}

/** Writes the outbox row only (a test event adds its one delivery itself). */
export async function insertEvent(tx: JobTx, input: EventInput): Promise<DomainEvent> {
  const event: DomainEvent = { id: newId("event"), createdAt: new Date(), ...input };
  await tx.insert(events).values({
    id: event.id,
    orgId: event.orgId,
    projectId: event.projectId,
    type: event.type,
    createdAt: event.createdAt,
    payload: envelope(event, event.id),
  });
  return event;
}

/**
 * The outbox write: inside the transaction that made the change (`transactionWithJobs`), so the
 * event and its deliveries (one per active endpoint subscribed to it, org-wide or of the event's
 * project) exist exactly when the change does; the deliveries are dispatched once it commits.
 */
export async function recordEvent(tx: JobTx, input: EventInput): Promise<DomainEvent> {
  const event = await insertEvent(tx, input);
  await createDeliveries(tx, event);
  return event;
}
