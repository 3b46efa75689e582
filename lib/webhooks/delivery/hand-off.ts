import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { type Db, getDb } from "@/lib/db";
import { dispatch, type SendItems } from "@/lib/jobs/backend";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { deliverWebhook } from "@/lib/jobs/definitions/deliver-webhook";
import { afterCommit, type JobTx } from "@/lib/jobs/transaction";

/** A delivery that was handed to Inngest this long ago and never attempted is handed over again. */
export const REDISPATCH_AFTER_MS = 10 * 60_000;
const BATCH = 100;

type Send = SendItems<typeof deliverWebhook.trigger.schema>;

/** The outbox's dispatch: new or restarted deliveries in `tx` go to the backend once it commits. */
export function requestDeliveries(tx: JobTx): void {
  afterCommit(tx, deliverWebhook, async (send) => {
    await handOffDeliveries(await getDb(), send);
  });
}

/**
 * Hands pending deliveries not yet given to Inngest to it, one run each (only the Inngest backend
 * calls this; the embedded worker claims rows by their due time). Rows are marked first (SKIP
 * LOCKED: concurrent dispatchers split the work) and unmarked if the send fails, so the sweep tries
 * again; a duplicate send is harmless because the run is idempotent on its key.
 */
export async function handOffDeliveries(db: Db, send: Send): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.status, "pending"), isNull(deliveries.dispatchedAt)))
      .orderBy(asc(deliveries.createdAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(deliveries)
      .set({ dispatchedAt: new Date() })
      .where(inArray(deliveries.id, batch))
      .returning({
        id: deliveries.id,
        endpointId: deliveries.endpointId,
        scheduleBase: deliveries.scheduleBase,
      });
    if (rows.length === 0) return total;
    try {
      await send(
        rows.map((r) => {
          const runKey = `${r.id}:${r.scheduleBase}`;
          return {
            id: runKey,
            payload: { deliveryId: r.id, endpointId: r.endpointId, scheduleBase: r.scheduleBase, runKey },
          };
        }),
      );
    } catch (err) {
      const ids = rows.map((r) => r.id);
      await db.update(deliveries).set({ dispatchedAt: null }).where(inArray(deliveries.id, ids));
      throw err;
    }
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/**
 * The `sweep-webhook-deliveries` job (Inngest's safety net): deliveries whose hand-off was lost
 * (the process died between commit and send, or the send failed) are handed over again.
 */
export async function sweepUndelivered(ctx: Pick<PassContext, "now">): Promise<PassResult> {
  const db = await getDb();
  const stale = new Date(ctx.now.getTime() - REDISPATCH_AFTER_MS);
  await db
    .update(deliveries)
    .set({ dispatchedAt: null })
    .where(
      and(
        eq(deliveries.status, "pending"),
        lt(deliveries.dispatchedAt, stale),
        // Never attempted in its current schedule: the run it was handed to never started.
        eq(deliveries.attemptCount, deliveries.scheduleBase),
        lt(deliveries.nextAttemptAt, stale),
      ),
    );
  let dispatched = 0;
  await dispatch(deliverWebhook, async (send) => {
    dispatched = await handOffDeliveries(db, send);
  });
  return { next: null, summary: { dispatched } };
}
