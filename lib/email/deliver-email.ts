import { and, eq } from "drizzle-orm";
import { emails } from "@/db/schema";
import type { Db } from "@/lib/db";
import type { ClaimedEmail } from "@/lib/email/claim-emails";
import { sendEmail } from "@/lib/email/transport";
import { log } from "@/lib/log/logger";
import { observeEmailSend } from "@/lib/observability/instrument";

/** Transient failures are retried this many times in all (then the email is failed). */
export const MAX_EMAIL_ATTEMPTS = 6;
/** Wait before attempt n+1 after a transient failure of attempt n (index n-1). */
const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000];

export type DeliveryResult =
  | { state: "sent"; transport: string }
  | { state: "failed"; reason: string }
  | { state: "queued"; retryAt: string; reason: string };

/** Never earlier than the caller's clock (tests drive time forward), never earlier than real time. */
function later(now: Date): Date {
  return new Date(Math.max(now.getTime(), Date.now()));
}

/**
 * Sends one claimed email and records its outcome: sent, queued again for a retry after a
 * transient failure (429, 5xx, no answer), or failed with the reason. Updates only while the row
 * is still queued, so a late sender whose lease ran out cannot undo another's result.
 */
export async function deliverClaimedEmail(db: Db, email: ClaimedEmail, now: Date): Promise<DeliveryResult> {
  const outcome = await observeEmailSend(email.id, () => sendEmail(email));
  const stillOurs = and(eq(emails.id, email.id), eq(emails.state, "queued"));
  if (outcome.ok) {
    await db
      .update(emails)
      .set({
        state: "sent",
        sentAt: later(now),
        transport: outcome.transport,
        providerId: outcome.providerId,
        lockedUntil: null,
        error: null,
      })
      .where(stillOurs);
    return { state: "sent", transport: outcome.transport };
  }
  const delay = RETRY_DELAYS_MS[email.attempts - 1];
  if (outcome.transient && email.attempts < MAX_EMAIL_ATTEMPTS && delay !== undefined) {
    const retryAt = new Date(later(now).getTime() + delay);
    await db
      .update(emails)
      .set({ releaseAt: retryAt, lockedUntil: null, transport: outcome.transport, error: outcome.reason })
      .where(stillOurs);
    log.warn("email send failed; will retry", {
      email_id: email.id,
      attempt: email.attempts,
      reason: outcome.reason,
    });
    return { state: "queued", retryAt: retryAt.toISOString(), reason: outcome.reason };
  }
  await db
    .update(emails)
    .set({ state: "failed", lockedUntil: null, transport: outcome.transport, error: outcome.reason })
    .where(stillOurs);
  log.warn("email failed", { email_id: email.id, attempt: email.attempts, reason: outcome.reason });
  return { state: "failed", reason: outcome.reason };
}
