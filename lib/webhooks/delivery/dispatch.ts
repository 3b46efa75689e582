import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { inngest } from "@/inngest/client";
import { type Db, getDb } from "@/lib/db";
import { backgroundDriver } from "@/lib/jobs/driver";
import { wake } from "@/lib/jobs/embedded-runner";
import { DELIVERY_WORKER } from "@/lib/webhooks/delivery/embedded-worker";

/** The Inngest event asking for one delivery's run (one run per delivery and schedule). */
export const DELIVERY_REQUESTED = "svc/webhook.delivery.requested";

export interface DeliveryRequestedData {
  deliveryId: string;
  /** attempt_count when this schedule began: 0, or the count at a redelivery. */
  scheduleBase: number;
  /** `<deliveryId>:<scheduleBase>`: the run's idempotency key and the event's dedupe id. */
  runKey: string;
}

export type SendEvents = (
  events: { id: string; name: typeof DELIVERY_REQUESTED; data: DeliveryRequestedData }[],
) => Promise<unknown>;

const sendWithInngest: SendEvents = (events) => inngest.send(events);

/** A delivery that was handed to Inngest this long ago and never attempted is handed over again. */
export const REDISPATCH_AFTER_MS = 10 * 60_000;
const BATCH = 100;

/**
 * Hands pending deliveries not yet given to Inngest to it, one event per delivery. Rows are marked
 * first (SKIP LOCKED: concurrent dispatchers split the work) and unmarked if the send fails, so the
 * sweeper tries again; a duplicate send is harmless because the run is idempotent on its key.
 */
export async function dispatchToInngest(db: Db, send: SendEvents = sendWithInngest): Promise<number> {
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
      .returning({ id: deliveries.id, scheduleBase: deliveries.scheduleBase });
    if (rows.length === 0) return total;
    try {
      await send(
        rows.map((r) => {
          const runKey = `${r.id}:${r.scheduleBase}`;
          return {
            id: runKey,
            name: DELIVERY_REQUESTED,
            data: { deliveryId: r.id, scheduleBase: r.scheduleBase, runKey },
          };
        }),
      );
    } catch (err) {
      await db
        .update(deliveries)
        .set({ dispatchedAt: null })
        .where(
          inArray(
            deliveries.id,
            rows.map((r) => r.id),
          ),
        );
      throw err;
    }
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/**
 * The Inngest driver's safety net (a cron function): deliveries whose hand-off was lost (the
 * process died between commit and send, or the send failed) are dispatched again.
 */
export async function sweepUndelivered(
  db: Db,
  now: Date = new Date(),
  send: SendEvents = sendWithInngest,
): Promise<number> {
  await db
    .update(deliveries)
    .set({ dispatchedAt: null })
    .where(
      and(
        eq(deliveries.status, "pending"),
        lt(deliveries.dispatchedAt, new Date(now.getTime() - REDISPATCH_AFTER_MS)),
        // Never attempted in its current schedule: the run it was handed to never started.
        eq(deliveries.attemptCount, deliveries.scheduleBase),
        lt(deliveries.nextAttemptAt, new Date(now.getTime() - REDISPATCH_AFTER_MS)),
      ),
    );
  return dispatchToInngest(db, send);
}

/** After a commit that created deliveries: start them now, on whichever driver runs. */
export async function kickDeliveries(): Promise<void> {
  if (backgroundDriver() === "embedded") {
    wake(DELIVERY_WORKER);
    return;
  }
  await dispatchToInngest(await getDb());
}
