import { emails } from "@/db/schema";
import type { DbOrTx, Tx } from "@/lib/db";
import { type EmailKind, planReleaseTimes } from "@/lib/email/cap";
import type { RenderedEmail } from "@/lib/email/render-invitation";
import { lockOrgForCap, takenSlots } from "@/lib/email/slots";
import { newId } from "@/lib/ids";

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
 * hourly cap. Nothing is sent here: after commit, `dispatchEmails` hands them to the runtime.
 */
export async function enqueueEmails(
  tx: Tx,
  orgId: string,
  drafts: readonly EmailDraft[],
  now: Date,
): Promise<QueuedEmail[]> {
  if (drafts.length === 0) return [];
  await lockOrgForCap(tx, orgId, { skipLocked: false });
  const releases = planReleaseTimes(await takenSlots(tx, orgId, now), drafts.length, now);
  const rows = drafts.map((d, i) => ({
    id: newId("email"),
    orgId,
    invitationId: d.invitationId,
    to: d.to,
    subject: d.subject,
    html: d.html,
    text: d.text,
    kind: "room_invitation" satisfies EmailKind,
    state: "queued",
    releaseAt: releases[i] ?? now,
  }));
  await tx.insert(emails).values(rows);
  return rows.map((r) => ({ id: r.id, to: r.to, releaseAt: r.releaseAt }));
}

/**
 * Queues one account email (org invitation, sign-up verification, password reset): released at
 * once and outside the org's hourly cap (decisions §11), so it takes no cap lock. `orgId` is null
 * when no org is concerned yet (sign-up, reset). Call `dispatchEmails` after commit, as above.
 */
export async function enqueueAccountEmail(
  db: DbOrTx,
  orgId: string | null,
  draft: RenderedEmail & { to: string },
  now: Date,
): Promise<QueuedEmail> {
  const row = {
    id: newId("email"),
    orgId,
    invitationId: null,
    to: draft.to,
    subject: draft.subject,
    html: draft.html,
    text: draft.text,
    kind: "account" satisfies EmailKind,
    state: "queued",
    releaseAt: now,
  };
  await db.insert(emails).values(row);
  return { id: row.id, to: row.to, releaseAt: row.releaseAt };
}
