import { and, asc, eq } from "drizzle-orm";
import { deliveries, deliveryAttempts, events, webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { requestDeliveries } from "@/lib/webhooks/delivery/hand-off";
import { delayBeforeAttemptMs } from "@/lib/webhooks/delivery/schedule";
import { type DeliveryDto, serializeDelivery } from "@/lib/webhooks/serialize-delivery";

/**
 * Starts a finished delivery (succeeded, gone, dead or cancelled) over with a fresh seven-attempt
 * schedule, dispatched when the transaction commits. It keeps its evt_ id, so receivers dedupe it;
 * attempt numbers continue from the log.
 */
export async function redeliver(
  db: Db,
  orgId: string,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryDto> {
  return transactionWithJobs(db, async (tx) => {
    const [found] = await tx
      .select({ delivery: deliveries, active: webhookEndpoints.active, eventType: events.type })
      .from(deliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, deliveries.endpointId))
      .innerJoin(events, eq(events.id, deliveries.eventId))
      .where(
        and(
          eq(deliveries.id, deliveryId),
          eq(deliveries.endpointId, endpointId),
          eq(webhookEndpoints.orgId, orgId),
        ),
      )
      .for("update", { of: deliveries })
      .limit(1);
    if (!found) throw new ApiError("not_found", "No such delivery for this webhook endpoint.");
    if (found.delivery.status === "pending") {
      throw new ApiError(
        "conflict",
        "This delivery is still being attempted; redeliver it once it has finished.",
      );
    }
    if (!found.active)
      throw new ApiError("conflict", "The endpoint is disabled; enable it before redelivering.");
    const [row] = await tx
      .update(deliveries)
      .set({
        status: "pending",
        scheduleBase: found.delivery.attemptCount,
        nextAttemptAt: new Date(Date.now() + delayBeforeAttemptMs(1)),
        lockedUntil: null,
        dispatchedAt: new Date(),
        completedAt: null,
      })
      .where(eq(deliveries.id, found.delivery.id))
      .returning();
    if (!row) throw new Error("update returned no row");
    requestDeliveries(tx, [row]);
    // The answer is the delivery as its log shows it from now on (docs/decisions/1017): pending
    // again, its attempts so far (attempt_count of them, numbering continues after them), and
    // when the fresh schedule's first attempt is due.
    const attempts = await tx
      .select()
      .from(deliveryAttempts)
      // delivery_attempts_delivery_idx (delivery_id, attempt).
      .where(eq(deliveryAttempts.deliveryId, row.id))
      .orderBy(asc(deliveryAttempts.attempt), asc(deliveryAttempts.startedAt));
    return serializeDelivery(row, found.eventType, attempts);
  });
}
