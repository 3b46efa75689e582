import { and, arrayContains, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { JobTx } from "@/lib/jobs/transaction";
import {
  DELIVERY_COLUMN_NAMES,
  DELIVERY_RECORD_TYPE,
  deliveryRecord,
} from "@/lib/webhooks/delivery/delivery-columns";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import { requestDeliveries } from "@/lib/webhooks/delivery/hand-off";
import { delayBeforeAttemptMs } from "@/lib/webhooks/delivery/schedule";
import { TEST_EVENT } from "@/lib/webhooks/event-catalog";
import { type DomainEvent, deliveryBody } from "@/lib/webhooks/outbox/envelope";

/**
 * A new delivery of `event` to one endpoint, due after the schedule's first (jittered) delay; or,
 * for an endpoint health disabled, kept as `skipped` so it can be recovered (0943). The whole row,
 * as inserted: typed as the table's select type, so a new column must be set here.
 */
function newDelivery(event: DomainEvent, endpointId: string, createdAt: Date, skipped = false): DeliveryRow {
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
    attemptCount: 0,
    scheduleBase: 0,
    nextAttemptAt: skipped ? null : new Date(event.createdAt.getTime() + delayBeforeAttemptMs(1)),
    lockedUntil: null,
    lockedBy: null,
    lastStatusCode: null,
    lastError: skipped ? "the endpoint was disabled by health checks" : null,
    // Handed to the backend when the transaction commits (lib/webhooks/delivery/hand-off.ts).
    dispatchedAt: skipped ? null : createdAt,
    createdAt,
    completedAt: skipped ? event.createdAt : null,
  };
}

/**
 * Inserts deliveries of `event` to these endpoints; they are dispatched when `tx` commits. One JSON
 * parameter read by `json_to_recordset` instead of a bind parameter per column and row: building
 * and binding 100 rows × 10 columns cost about 4× the CPU (docs/decisions/0950). Every column is
 * written (the one list, lib/webhooks/delivery/delivery-columns.ts). Returns the rows as inserted.
 */
export async function insertDeliveries(
  tx: JobTx,
  event: DomainEvent,
  endpointIds: readonly string[],
  skippedIds: readonly string[] = [],
): Promise<DeliveryRow[]> {
  if (endpointIds.length + skippedIds.length === 0) return [];
  const now = new Date();
  const rows = [
    ...endpointIds.map((id) => newDelivery(event, id, now)),
    ...skippedIds.map((id) => newDelivery(event, id, now, true)),
  ];
  await tx.execute(sql`
    insert into deliveries (${sql.raw(DELIVERY_COLUMN_NAMES)})
    select ${sql.raw(DELIVERY_COLUMN_NAMES)}
    from json_to_recordset(${JSON.stringify(rows.map(deliveryRecord))}::json)
      as r(${sql.raw(DELIVERY_RECORD_TYPE)})`);
  requestDeliveries(
    tx,
    rows.filter((r) => r.status === "pending"),
  );
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
  // An install-wide event (license.revoked: the licence is the install's, no project's) reaches
  // every endpoint of the org subscribed to it, project endpoints included (docs/decisions/1277);
  // so does an org-wide one (usage.threshold, docs/decisions/1312).
  const scope = event.projectId
    ? or(isNull(webhookEndpoints.projectId), eq(webhookEndpoints.projectId, event.projectId))
    : type === "license.revoked" || type === "usage.threshold"
      ? undefined
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
