import { and, eq } from "drizzle-orm";
import { emails } from "@/db/schema";
import type { Db } from "@/lib/db";
import type { ClaimedEmail } from "@/lib/email/claim-emails";
import { unsealBody } from "@/lib/email/seal";
import { sendEmail } from "@/lib/email/transport";
import { env } from "@/lib/env";
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

const UNREADABLE = "the sealed body cannot be opened (the encryption key changed since it was queued)";

/**
 * Development only, with the local mailbox: the server log names the link of an account email, so
 * a signed-out person (sign-up, password reset, an invitation to a new address) can follow it
 * without Resend (docs/email.md). Never in production or tests, where logs carry no secrets.
 */
function announceLocalLink(to: string, subject: string, url: string): void {
  if (env.NODE_ENV !== "development") return;
  // The logger redacts fields named like secrets; the link is the message's point here.
  log.info(`local mailbox: "${subject}" to ${to}: ${url}`, { mailbox: "npm run mailbox -- --to <address>" });
}

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
  // An account email goes out as it was rendered, link included (lib/email/seal.ts).
  const sealed = unsealBody(email.sealedBody);
  if (email.sealedBody && !sealed) {
    await db
      .update(emails)
      .set({
        state: "failed",
        lockedUntil: null,
        sealedBody: null,
        sealedUntil: null,
        sealedLinkHash: null,
        error: UNREADABLE,
      })
      .where(and(eq(emails.id, email.id), eq(emails.state, "queued")));
    log.warn("email failed", { email_id: email.id, reason: UNREADABLE });
    return { state: "failed", reason: UNREADABLE };
  }
  const outgoing = sealed ? { ...email, html: sealed.html, text: sealed.text } : email;
  const outcome = await observeEmailSend(email.id, () => sendEmail(outgoing));
  const stillOurs = and(eq(emails.id, email.id), eq(emails.state, "queued"));
  if (outcome.ok) {
    // Resend holds the email now: the sealed copy is purged. The local mailbox keeps it for its
    // addressee until the link expires (lib/retention/prune-tables.ts purges it then).
    const purge =
      outcome.transport === "resend" ? { sealedBody: null, sealedUntil: null, sealedLinkHash: null } : {};
    await db
      .update(emails)
      .set({
        state: "sent",
        sentAt: later(now),
        transport: outcome.transport,
        providerId: outcome.providerId,
        lockedUntil: null,
        error: null,
        ...purge,
      })
      .where(stillOurs);
    if (sealed && outcome.transport === "mailbox") announceLocalLink(email.to, email.subject, sealed.link);
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
    .set({
      state: "failed",
      lockedUntil: null,
      transport: outcome.transport,
      error: outcome.reason,
      // Nobody will receive it: the link is of no use to anyone now.
      sealedBody: null,
      sealedUntil: null,
      sealedLinkHash: null,
    })
    .where(stillOurs);
  log.warn("email failed", { email_id: email.id, attempt: email.attempts, reason: outcome.reason });
  return { state: "failed", reason: outcome.reason };
}
