import type { z } from "zod";
import { events } from "@/db/schema";
import { EVENT_OBJECTS, type EventObjectInput } from "@/lib/events/event-objects";
import { eventRoomId, nextRoomSequence } from "@/lib/events/room-sequence";
import { newId } from "@/lib/ids";
import type { JobTx } from "@/lib/jobs/transaction";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { type DomainEvent, envelope } from "@/lib/webhooks/outbox/envelope";
import { createDeliveries } from "@/lib/webhooks/outbox/fan-out";

export type { DomainEvent };

/**
 * An event to record. Its type determines its object's schema (the one vocabulary,
 * lib/events/event-objects.ts, which the OpenAPI document's `webhooks` shows): an object of
 * another type does not compile, and the object is parsed with that schema, so no body leaves
 * that its schema does not describe (docs/decisions/1021).
 */
export interface EventInput<T extends DeliveryEventType> {
  type: T;
  orgId: string;
  projectId: string | null;
  object: EventObjectInput<T>;
  test?: boolean;
}

/** Writes the outbox row only (a test event adds its one delivery itself). */
export async function insertEvent<T extends DeliveryEventType>(
  tx: JobTx,
  input: EventInput<T>,
): Promise<DomainEvent> {
  const { object, ...rest } = input;
  const schema: z.ZodType = EVENT_OBJECTS[input.type];
  const parsed = schema.parse(object);
  // Every media event is numbered in its room, here and nowhere else (docs/decisions/1325); a test
  // event carries its example room and sequence 0, which no real event has.
  const roomId = eventRoomId(input.type, parsed);
  const sequence = roomId === undefined ? undefined : input.test ? 0 : await nextRoomSequence(tx, roomId);
  const event: DomainEvent = {
    id: newId("event"),
    createdAt: new Date(),
    ...rest,
    object: parsed,
    ...(roomId !== undefined && sequence !== undefined ? { room: { id: roomId, sequence } } : {}),
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
export async function recordEvent<T extends DeliveryEventType>(
  tx: JobTx,
  input: EventInput<T>,
): Promise<DomainEvent> {
  const event = await insertEvent(tx, input);
  await createDeliveries(tx, event);
  return event;
}
