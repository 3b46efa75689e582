import type { DbOrTx } from "@/lib/db";
import { type DomainEvent, type EventInput, eventBody, insertEvent } from "@/lib/events/insert-event";
import { createDeliveries } from "@/lib/webhooks/fan-out";

export type { DomainEvent };
export { eventBody };

/**
 * The outbox write: call it inside the transaction that made the change, so the event and its
 * deliveries (one per active endpoint subscribed to it, org-wide or of the event's project) exist
 * exactly when the change does. After the commit, call `afterEventsCommitted()` so they go out at
 * once rather than at the runner's next poll.
 */
export async function recordEvent(tx: DbOrTx, input: EventInput): Promise<DomainEvent> {
  const event = await insertEvent(tx, input);
  await createDeliveries(tx, event);
  return event;
}
