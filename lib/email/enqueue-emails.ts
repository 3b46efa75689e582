import { emails } from "@/db/schema";
import { planReleaseTimes } from "@/lib/email/cap";
import { type AccountLink, sealAccountEmail } from "@/lib/email/seal";
import { lockOrgForCap, takenSlots } from "@/lib/email/slots";
import { newId } from "@/lib/ids";
import { sendInvitationEmail } from "@/lib/jobs/definitions/send-invitation-email";
import { afterCommit, type JobTx } from "@/lib/jobs/transaction";

/** An email as its template renders it (the invitation, and any later one). */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface EmailDraft extends RenderedEmail {
  to: string;
  invitationId: string | null;
}

export interface QueuedEmail {
  id: string;
  to: string;
  releaseAt: Date;
}

/**
 * Queues emails inside the caller's transaction, each with its release time under the org's
 * hourly cap. Nothing is sent here: they are dispatched (one `send-invitation-email` run each, or
 * a wake of the embedded email worker) when the transaction commits.
 */
export async function enqueueEmails(
  tx: JobTx,
  orgId: string,
  drafts: readonly EmailDraft[],
  now: Date,
): Promise<QueuedEmail[]> {
  if (drafts.length === 0) return [];
  await lockOrgForCap(tx, orgId, { skipLocked: false });
  const releases = planReleaseTimes(await takenSlots(tx, orgId, now), drafts.length, now);
  const rows = drafts.map((d, i): typeof emails.$inferInsert => ({
    id: newId("email"),
    orgId,
    invitationId: d.invitationId,
    to: d.to,
    subject: d.subject,
    html: d.html,
    text: d.text,
    kind: "room_invitation",
    state: "queued",
    releaseAt: releases[i] ?? now,
  }));
  await tx.insert(emails).values(rows);
  afterCommit(
    tx,
    sendInvitationEmail,
    rows.map((r) => ({ id: `email-${r.id}`, payload: { email_id: r.id, org_id: orgId } })),
  );
  return rows.map((r) => ({ id: r.id, to: r.to, releaseAt: r.releaseAt }));
}

/**
 * Queues one account email (org invitation, sign-up verification, password reset) in the caller's
 * transaction: released at once and outside the org's hourly cap (docs/spec/product-decisions.md §11), so it takes no
 * cap lock. `orgId` is null when no org is concerned yet (sign-up, reset). Dispatched on commit.
 * An email that carries a single-use `link` is stored without its token and with the body sealed
 * (lib/email/seal.ts, docs/decisions/1011).
 */
export async function enqueueAccountEmail(
  tx: JobTx,
  orgId: string | null,
  draft: RenderedEmail & { to: string; link?: AccountLink },
  now: Date,
): Promise<QueuedEmail> {
  const sealed = draft.link ? sealAccountEmail(draft, draft.link) : null;
  const row = {
    id: newId("email"),
    orgId,
    invitationId: null,
    to: draft.to,
    subject: draft.subject,
    html: sealed?.html ?? draft.html,
    text: sealed?.text ?? draft.text,
    sealedBody: sealed?.sealedBody ?? null,
    sealedUntil: sealed?.sealedUntil ?? null,
    sealedLinkHash: sealed?.sealedLinkHash ?? null,
    kind: "account",
    state: "queued",
    releaseAt: now,
  } satisfies typeof emails.$inferInsert;
  await tx.insert(emails).values(row);
  // The run's concurrency is keyed by org; org-less account emails share one key of their own.
  afterCommit(tx, sendInvitationEmail, [
    { id: `email-${row.id}`, payload: { email_id: row.id, org_id: orgId ?? "account" } },
  ]);
  return { id: row.id, to: row.to, releaseAt: row.releaseAt };
}
