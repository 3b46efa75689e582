import { getDb } from "@/lib/db";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { log } from "@/lib/log/logger";
import { runClaimedAttempt } from "@/lib/webhooks/delivery/attempt-delivery";
import { claimDueDeliveries, nextDueAt, releaseClaim } from "@/lib/webhooks/delivery/claim";
import { loadTargets } from "@/lib/webhooks/delivery/load-targets";

/** Attempts in flight at once per process: one slow receiver (up to 10 s) does not hold up the rest. */
const MAX_IN_FLIGHT = 64;
/**
 * Claim again only once this many slots are free (or nothing is in flight): every finished attempt
 * wakes the worker, and claiming one or two rows per wake-up cost two statements per attempt.
 */
const MIN_CLAIM = 16;

/**
 * The `deliver-due-webhooks` job (the embedded backend's webhook worker): claim what is due, read
 * the targets of the whole batch in one statement, start each attempt without waiting for it (a
 * finished attempt wakes the worker again), and say when the next one is due.
 */
export async function deliverDue(ctx: PassContext): Promise<PassResult> {
  const free = MAX_IN_FLIGHT - ctx.inFlight;
  if (ctx.inFlight > 0 && free < MIN_CLAIM) return { next: null, summary: { started: 0 } };
  const db = await getDb();
  const claimed = await claimDueDeliveries(db, ctx.now, free);
  const targets = await loadTargets(db, claimed).catch(async (err: unknown) => {
    // No attempt was made: hand the claims back (0941); if the database is away, the leases run out.
    await Promise.all(claimed.map((row) => releaseClaim(db, row).catch(() => {})));
    throw err;
  });
  for (const row of claimed) {
    ctx.track(
      runClaimedAttempt(db, row, targets.get(row.id) ?? null).catch((err: unknown) => {
        // The lease expires and a later pass retries the attempt.
        log.error("webhook attempt failed to run", { delivery_id: row.id, err });
      }),
    );
  }
  if (ctx.inFlight + claimed.length >= MAX_IN_FLIGHT)
    return { next: null, summary: { started: claimed.length } };
  return { next: await nextDueAt(db, ctx.now), summary: { started: claimed.length } };
}
