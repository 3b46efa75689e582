import { getDb } from "@/lib/db";
import { registerWorker, wake } from "@/lib/jobs/embedded-runner";
import { log } from "@/lib/log/logger";
import { runClaimedAttempt } from "@/lib/webhooks/delivery/attempt-delivery";
import { claimDueDeliveries, nextDueAt } from "@/lib/webhooks/delivery/claim-due";

export const DELIVERY_WORKER = "webhook-deliveries";
/** Attempts in flight at once per process: one slow receiver (up to 10 s) does not hold up the rest. */
const MAX_IN_FLIGHT = 64;

const state = globalThis as typeof globalThis & { __svcDeliveriesInFlight?: Set<Promise<void>> };
// On globalThis: Next's dev server may evaluate this module more than once in one process.
state.__svcDeliveriesInFlight ??= new Set();
const inFlight = state.__svcDeliveriesInFlight;

/**
 * The embedded driver: claim what is due, start each attempt without waiting for it (a finished
 * attempt wakes the loop again), and tell the runner when the next one is due.
 */
export async function runDueDeliveries(now: Date): Promise<Date | null> {
  const db = await getDb();
  const claimed = await claimDueDeliveries(db, now, MAX_IN_FLIGHT - inFlight.size);
  for (const row of claimed) {
    const p: Promise<void> = runClaimedAttempt(db, row)
      .then(() => undefined)
      .catch((err: unknown) => {
        // The lease expires and another pass retries the attempt.
        log.error("webhook attempt failed to run", { delivery_id: row.id, err });
      })
      .finally(() => {
        inFlight.delete(p);
        wake(DELIVERY_WORKER);
      });
    inFlight.add(p);
  }
  if (inFlight.size >= MAX_IN_FLIGHT) return null;
  return nextDueAt(db, now);
}

export function registerDeliveryWorker(): void {
  registerWorker({ name: DELIVERY_WORKER, runDue: runDueDeliveries });
}

/** Waits for the attempts this process has started (graceful shutdown, tests). */
export async function settleDeliveriesInFlight(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
