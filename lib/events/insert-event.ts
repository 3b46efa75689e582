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

export interface EventInput {
  type: string;
  orgId: string;
  projectId: string | null;
  object: unknown;
}

/** Writes the outbox row only; `recordEvent` adds the deliveries of subscribed endpoints. */
export async function insertEvent(tx: DbOrTx, input: EventInput): Promise<DomainEvent> {
  const event: DomainEvent = { id: newId("event"), createdAt: new Date(), ...input };
  await tx.insert(events).values({
    id: event.id,
    orgId: event.orgId,
    projectId: event.projectId,
    type: event.type,
    createdAt: event.createdAt,
    payload: eventBody(event),
  });
  return event;
}

/** Decisions §6: `data.object` is the resource as the API returns it. */
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
