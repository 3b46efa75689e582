import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { getDb } from "@/lib/db";
import { dispatch } from "@/lib/jobs/backend";
import type { JobItem, PassContext, PassResult } from "@/lib/jobs/define-job";
import { deliverWebhook } from "@/lib/jobs/definitions/deliver-webhook";
import { afterCommit, type JobTx } from "@/lib/jobs/transaction";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";

/**
 * A delivery handed to the backend this long ago and never attempted in its schedule, while due
 * as long, is handed over again (its Inngest run was lost, or the send after the commit failed).
 */
export const REDISPATCH_AFTER_MS = 10 * 60_000;
const BATCH = 100;

/** What a delivery's run needs to know, as plain data (no callback: docs/decisions/1020). */
export type HandOffRow = Pick<DeliveryRow, "id" | "endpointId" | "orgId" | "scheduleBase">;

/** One Inngest run per delivery and schedule: the run key dedupes the event and the run. */
export function deliveryItems(rows: readonly HandOffRow[]): JobItem<typeof deliverWebhook.trigger.schema>[] {
  return rows.map((r) => {
    const runKey = `${r.id}:${r.scheduleBase}`;
    return {
      id: runKey,
      payload: {
        deliveryId: r.id,
        endpointId: r.endpointId,
        orgId: r.orgId,
        scheduleBase: r.scheduleBase,
        runKey,
      },
    };
  });
}

/**
 * The outbox's dispatch: these new or restarted deliveries, written in `tx` with `dispatched_at`
 * set (the hand-off is part of the change), go to the backend once it commits. If that send fails
 * the rows are safe: `sweepUndelivered` hands them over again.
 */
export function requestDeliveries(tx: JobTx, rows: readonly HandOffRow[]): void {
  if (rows.length > 0) afterCommit(tx, deliverWebhook, deliveryItems(rows));
}

/**
 * The `sweep-webhook-deliveries` job (Inngest's safety net): pending deliveries whose hand-off was
 * lost (the process died between commit and send, the send failed, or the run never started)
 * are handed over again: never attempted in their current schedule, and both handed over and due
 * longer than REDISPATCH_AFTER_MS ago (or never marked, rows from before 1020). Rows are re-marked
 * first (SKIP LOCKED: concurrent sweeps split the work); a duplicate send is harmless because the
 * run is idempotent on its key.
 */
export async function sweepUndelivered(ctx: Pick<PassContext, "now">): Promise<PassResult> {
  const db = await getDb();
  const stale = new Date(ctx.now.getTime() - REDISPATCH_AFTER_MS);
  let dispatched = 0;
  for (;;) {
    const batch = db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.status, "pending"),
          or(
            isNull(deliveries.dispatchedAt),
            and(
              lt(deliveries.dispatchedAt, stale),
              // Never attempted in its current schedule: the run it was handed to never started.
              eq(deliveries.attemptCount, deliveries.scheduleBase),
              lt(deliveries.nextAttemptAt, stale),
            ),
          ),
        ),
      )
      .orderBy(asc(deliveries.createdAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(deliveries)
      .set({ dispatchedAt: ctx.now })
      .where(inArray(deliveries.id, batch))
      .returning({
        id: deliveries.id,
        endpointId: deliveries.endpointId,
        orgId: deliveries.orgId,
        scheduleBase: deliveries.scheduleBase,
      });
    if (rows.length === 0) break;
    await dispatch(deliverWebhook, deliveryItems(rows));
    dispatched += rows.length;
    if (rows.length < BATCH) break;
  }
  return { next: null, summary: { dispatched } };
}
