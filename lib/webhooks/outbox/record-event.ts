import type { z } from "zod";
import { events } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { JobTx } from "@/lib/jobs/transaction";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { type DomainEvent, envelope } from "@/lib/webhooks/outbox/envelope";
import { createDeliveries } from "@/lib/webhooks/outbox/fan-out";

export type { DomainEvent };

/**
 * An event to record. `schema` is the event type's object schema (the one the OpenAPI
 * document's `webhooks` shows for it, lib/events/event-types.ts): the object is parsed with it,
 * so no body leaves that its schema does not describe.
 */
export interface EventInput<S extends z.ZodType = z.ZodType> {
  type: DeliveryEventType;
  orgId: string;
  projectId: string | null;
  schema: S;
  object: z.input<S>;
  test?: boolean;
}

/** Writes the outbox row only (a test event adds its one delivery itself). */
export async function insertEvent<S extends z.ZodType>(
  tx: JobTx,
  input: EventInput<S>,
): Promise<DomainEvent> {
  const { schema, object, ...rest } = input;
  const event: DomainEvent = {
    id: newId("event"),
    createdAt: new Date(),
    ...rest,
    object: schema.parse(object),
  };
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
export async function recordEvent<S extends z.ZodType>(
  tx: JobTx,
  input: EventInput<S>,
): Promise<DomainEvent> {
  const event = await insertEvent(tx, input);
  await createDeliveries(tx, event);
  return event;
}
