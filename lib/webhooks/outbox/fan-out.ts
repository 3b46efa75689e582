import { and, arrayContains, eq, isNull, or } from "drizzle-orm";
import { deliveries, webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { JobTx } from "@/lib/jobs/transaction";
import { requestDeliveries } from "@/lib/webhooks/delivery/hand-off";
import { delayBeforeAttemptMs } from "@/lib/webhooks/delivery/schedule";
import { type DomainEvent, deliveryBody } from "@/lib/webhooks/outbox/envelope";

/** A new delivery of `event` to one endpoint, due after the schedule's first (jittered) delay. */
function newDelivery(event: DomainEvent, endpointId: string) {
  // The evt_ id receivers see (X-SVC-Webhook-Id and the body's `id`): one per (event, endpoint).
  const webhookId = newId("event");
  return {
    id: newId("delivery"),
    eventId: event.id,
    endpointId,
    orgId: event.orgId,
    webhookId,
    body: deliveryBody(event, webhookId),
    status: "pending",
    nextAttemptAt: new Date(event.createdAt.getTime() + delayBeforeAttemptMs(1)),
  } satisfies typeof deliveries.$inferInsert;
}

/** Inserts deliveries of `event` to these endpoints; they are dispatched when `tx` commits. */
export async function insertDeliveries(tx: JobTx, event: DomainEvent, endpointIds: readonly string[]) {
  if (endpointIds.length === 0) return [];
  const rows = await tx
    .insert(deliveries)
    .values(endpointIds.map((id) => newDelivery(event, id)))
    .returning();
  requestDeliveries(tx);
  return rows;
}

/**
 * One delivery per active endpoint subscribed to the event: org-wide endpoints get every
 * project's events, project endpoints only their project's. Runs in the event's transaction.
 */
export async function createDeliveries(tx: JobTx, event: DomainEvent): Promise<number> {
  const scope = event.projectId
    ? or(isNull(webhookEndpoints.projectId), eq(webhookEndpoints.projectId, event.projectId))
    : isNull(webhookEndpoints.projectId);
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.orgId, event.orgId),
        eq(webhookEndpoints.active, true),
        scope,
        arrayContains(webhookEndpoints.events, [event.type]),
      ),
    );
  const rows = await insertDeliveries(
    tx,
    event,
    endpoints.map((e) => e.id),
  );
  return rows.length;
}
