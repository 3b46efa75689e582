import { events } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { newId } from "@/lib/ids";

export interface DomainEvent {
  id: string;
  type: string;
  orgId: string;
  projectId: string | null;
  createdAt: Date;
  object: unknown;
}

type Fanout = (tx: DbOrTx, event: DomainEvent) => Promise<void>;
const fanouts: Fanout[] = [];

/** Webhook delivery registers here to add its delivery rows inside the same transaction. */
export function onEventRecorded(fn: Fanout): void {
  if (!fanouts.includes(fn)) fanouts.push(fn);
}

/**
 * The outbox write: call it inside the transaction that made the change, so the event exists
 * exactly when the change does. The body follows decisions §6: `data.object` is the API's view.
 */
export async function recordEvent(
  tx: DbOrTx,
  input: { type: string; orgId: string; projectId: string | null; object: unknown },
): Promise<DomainEvent> {
  const event: DomainEvent = { id: newId("event"), createdAt: new Date(), ...input };
  await tx.insert(events).values({
    id: event.id,
    orgId: event.orgId,
    projectId: event.projectId,
    type: event.type,
    createdAt: event.createdAt,
    payload: eventBody(event),
  });
  for (const fanout of fanouts) await fanout(tx, event);
  return event;
}

export function eventBody(e: DomainEvent) {
  return {
    id: e.id,
    type: e.type,
    created_at: e.createdAt.toISOString(),
    org_id: e.orgId,
    project_id: e.projectId,
    data: { object: e.object },
  };
}
