import { and, arrayContains, eq, isNotNull, isNull, or } from "drizzle-orm";
import { deliveries, webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { JobTx } from "@/lib/jobs/transaction";
import { requestDeliveries } from "@/lib/webhooks/delivery/hand-off";
import { delayBeforeAttemptMs } from "@/lib/webhooks/delivery/schedule";
import { TEST_EVENT } from "@/lib/webhooks/event-catalog";
import { type DomainEvent, deliveryBody } from "@/lib/webhooks/outbox/envelope";

/**
 * A new delivery of `event` to one endpoint, due after the schedule's first (jittered) delay; or,
 * for an endpoint health disabled, kept as `skipped` so it can be recovered (0943).
 */
function newDelivery(event: DomainEvent, endpointId: string, skipped = false) {
  // The evt_ id receivers see (X-SVC-Webhook-Id and the body's `id`): one per (event, endpoint).
  const webhookId = newId("event");
  return {
    id: newId("delivery"),
    eventId: event.id,
    endpointId,
    orgId: event.orgId,
    webhookId,
    body: deliveryBody(event, webhookId),
    status: skipped ? "skipped" : "pending",
    nextAttemptAt: skipped ? null : new Date(event.createdAt.getTime() + delayBeforeAttemptMs(1)),
    lastError: skipped ? "the endpoint was disabled by health checks" : null,
    completedAt: skipped ? event.createdAt : null,
  } satisfies typeof deliveries.$inferInsert;
}

/** Inserts deliveries of `event` to these endpoints; they are dispatched when `tx` commits. */
export async function insertDeliveries(
  tx: JobTx,
  event: DomainEvent,
  endpointIds: readonly string[],
  skippedIds: readonly string[] = [],
) {
  if (endpointIds.length + skippedIds.length === 0) return [];
  const rows = await tx
    .insert(deliveries)
    .values([
      ...endpointIds.map((id) => newDelivery(event, id)),
      ...skippedIds.map((id) => newDelivery(event, id, true)),
    ])
    .returning();
  if (endpointIds.length > 0) requestDeliveries(tx);
  return rows;
}

/**
 * One delivery per active endpoint subscribed to the event: org-wide endpoints get every
 * project's events, project endpoints only their project's. Runs in the event's transaction.
 */
export async function createDeliveries(tx: JobTx, event: DomainEvent): Promise<number> {
  const type = event.type;
  // Nobody subscribes to the test event: it goes to the one endpoint it is sent to.
  if (type === TEST_EVENT) return 0;
  const scope = event.projectId
    ? or(isNull(webhookEndpoints.projectId), eq(webhookEndpoints.projectId, event.projectId))
    : isNull(webhookEndpoints.projectId);
  // Active endpoints, and those health disabled (their deliveries are kept as skipped).
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, active: webhookEndpoints.active })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.orgId, event.orgId),
        or(eq(webhookEndpoints.active, true), isNotNull(webhookEndpoints.disabledAt)),
        scope,
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );
  const rows = await insertDeliveries(
    tx,
    event,
    endpoints.filter((e) => e.active).map((e) => e.id),
    endpoints.filter((e) => !e.active).map((e) => e.id),
  );
  return rows.length;
}
