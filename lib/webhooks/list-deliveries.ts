import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { deliveries, deliveryAttempts, events, webhookEndpoints } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { afterCursor, newestFirst, pageQuery, toPage } from "@/lib/pagination";
import { DELIVERY_STATUSES, type DeliveryDto } from "@/lib/webhooks/delivery-schema";
import { DELIVERY_EVENT_TYPES } from "@/lib/webhooks/event-catalog";
import { webhookNotFound } from "@/lib/webhooks/find-webhook";
import { serializeDelivery } from "@/lib/webhooks/serialize-delivery";

export { DELIVERY_STATUSES };

const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an RFC 3339 timestamp` })
    .transform((v) => new Date(v))
    .optional();

export const listDeliveriesQuery = pageQuery.extend({
  status: z
    .enum(DELIVERY_STATUSES, { error: `status must be one of ${DELIVERY_STATUSES.join(", ")}` })
    .optional(),
  event_type: z
    .enum(DELIVERY_EVENT_TYPES, { error: "event_type must be an event name of the catalog" })
    .optional(),
  /** Created at or after. */
  since: instant("since"),
  /** Created before. */
  until: instant("until"),
});
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuery>;

/** The delivery log of one endpoint: deliveries newest first (keyset pages), each with its attempts. */
export async function listDeliveries(
  db: DbOrTx,
  orgId: string,
  endpointId: string,
  query: ListDeliveriesQuery,
): Promise<{ items: DeliveryDto[]; next_cursor: string | null }> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.orgId, orgId)))
    .limit(1);
  if (!endpoint) throw webhookNotFound();
  const rows = await db
    .select({ delivery: deliveries, eventType: events.type })
    .from(deliveries)
    .innerJoin(events, eq(events.id, deliveries.eventId))
    .where(
      and(
        eq(deliveries.endpointId, endpoint.id),
        eq(deliveries.orgId, orgId),
        query.status ? eq(deliveries.status, query.status) : undefined,
        query.event_type ? eq(events.type, query.event_type) : undefined,
        query.since ? gte(deliveries.createdAt, query.since) : undefined,
        query.until ? lt(deliveries.createdAt, query.until) : undefined,
        afterCursor(deliveries.createdAt, deliveries.id, query.cursor),
      ),
    )
    .orderBy(...newestFirst(deliveries.createdAt, deliveries.id))
    .limit(query.limit + 1);
  const ids = rows.slice(0, query.limit).map((r) => r.delivery.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(deliveryAttempts)
        .where(inArray(deliveryAttempts.deliveryId, ids))
        .orderBy(asc(deliveryAttempts.attempt), asc(deliveryAttempts.startedAt))
    : [];
  const byDelivery = new Map<string, typeof attempts>();
  for (const a of attempts) byDelivery.set(a.deliveryId, [...(byDelivery.get(a.deliveryId) ?? []), a]);
  return toPage(
    rows.map((r) => ({ ...r, id: r.delivery.id, createdAt: r.delivery.createdAt })),
    query.limit,
    (r) => serializeDelivery(r.delivery, r.eventType, byDelivery.get(r.delivery.id) ?? []),
  );
}
