import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { events } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";

export interface OutboxEvent {
  id: string;
  type: DeliveryEventType;
  createdAt: Date;
  payload: unknown;
}

/**
 * The org's outbox rows (`events`, one per event, written by the outbox in the change's
 * transaction) created after `since`, oldest first. Scoped by org in the WHERE clause; served by
 * `events_org_created_id_idx` (org_id, created_at, id), migration 0020.
 */
export async function readNewEvents(
  db: DbOrTx,
  orgId: string,
  since: Date,
  types: readonly DeliveryEventType[] | null,
  limit: number,
): Promise<OutboxEvent[]> {
  return db
    .select({ id: events.id, type: events.type, createdAt: events.createdAt, payload: events.payload })
    .from(events)
    .where(
      and(
        eq(events.orgId, orgId),
        gt(events.createdAt, since),
        types ? inArray(events.type, [...types]) : undefined,
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.id))
    .limit(limit);
}
