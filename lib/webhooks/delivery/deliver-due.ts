import { getDb } from "@/lib/db";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { log } from "@/lib/log/logger";
import { runClaimedAttempt } from "@/lib/webhooks/delivery/attempt-delivery";
import { claimDueBatch, nextDueAt } from "@/lib/webhooks/delivery/claim";

/**
 * POSTs in flight at once per process. Each org may hold at most SVC_WEBHOOK_ORG_CONCURRENCY of
 * them (64 by default) and each endpoint SVC_WEBHOOK_ENDPOINT_CONCURRENCY (16), so hanging
 * receivers of one org leave three quarters of the slots to the others (docs/decisions/1023).
 */
const MAX_SENDING = 256;
/**
 * Attempts started and not yet recorded, sending or sent (docs/decisions/0950): a sent attempt
 * waits for its batch's record without holding a send slot, so slow records (a commit under load)
 * do not throttle the POSTs; this bounds the rows held that way.
 */
const MAX_STARTED = 512;
/**
 * Claim again only once this many send slots are free (or nothing is sending): every sent attempt
 * wakes the worker, and claiming one or two rows per wake-up cost two statements per attempt.
 */
const MIN_CLAIM = 16;

/** This process's attempts in the sending phase, and all it started and has not finished. */
let sending = 0;
let started = 0;

/**
 * The `deliver-due-webhooks` job (the embedded backend's webhook worker): claim what is due with
 * the targets of the whole batch in one statement, start each attempt without waiting for it (its
 * answer wakes the worker again), and say when the next one is due.
 */
export async function deliverDue(ctx: PassContext): Promise<PassResult> {
  const free = Math.min(MAX_SENDING - sending, MAX_STARTED - started);
  if (sending > 0 && free < MIN_CLAIM) return { next: null, summary: { started: 0 } };
  const db = await getDb();
  // A database error here leaves nothing claimed (one statement): the pass fails and runs again.
  const { rows: claimed, targets } = await claimDueBatch(db, ctx.now, free);
  for (const row of claimed) {
    sending++;
    started++;
    let markSent: () => void = () => {};
    // Tracked too: the end of the sending phase wakes the worker, which may claim more.
    ctx.track(
      new Promise<void>((resolve) => {
        markSent = () => {
          markSent = () => {};
          sending--;
          resolve();
        };
      }),
    );
    ctx.track(
      runClaimedAttempt(db, row, targets.get(row.id) ?? null, () => markSent())
        .catch((err: unknown) => {
          // The lease expires and a later pass retries the attempt.
          log.error("webhook attempt failed to run", { delivery_id: row.id, err });
        })
        .finally(() => {
          markSent(); // paths that never sent (endpoint gone, throttled, database error)
          started--;
        }),
    );
  }
  if (claimed.length === free) return { next: null, summary: { started: claimed.length } };
  return { next: await nextDueAt(db, ctx.now), summary: { started: claimed.length } };
}
