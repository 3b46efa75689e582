import { and, arrayContains, eq, isNull, or } from "drizzle-orm";
import { deliveries, webhookEndpoints } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import type { DomainEvent } from "@/lib/events/insert-event";
import { newId } from "@/lib/ids";
import { delayBeforeAttemptMs } from "@/lib/webhooks/delivery/schedule";

/** A new delivery of `event` to one endpoint, due after the schedule's first (jittered) delay. */
export function newDelivery(event: Pick<DomainEvent, "id" | "orgId" | "createdAt">, endpointId: string) {
  return {
    id: newId("delivery"),
    eventId: event.id,
    endpointId,
    orgId: event.orgId,
    // The evt_ id receivers see (X-SVC-Webhook-Id and the body's `id`): one per (event, endpoint).
    webhookId: newId("event"),
    status: "pending",
    nextAttemptAt: new Date(event.createdAt.getTime() + delayBeforeAttemptMs(1)),
  } satisfies typeof deliveries.$inferInsert;
}

/**
 * One delivery per active endpoint subscribed to the event: org-wide endpoints get every
 * project's events, project endpoints only their project's. Runs in the event's transaction.
 */
export async function createDeliveries(tx: DbOrTx, event: DomainEvent): Promise<number> {
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
  if (endpoints.length === 0) return 0;
  await tx.insert(deliveries).values(endpoints.map((e) => newDelivery(event, e.id)));
  return endpoints.length;
}
