import { eq } from "drizzle-orm";
import { emails } from "@/db/schema";
import { type Db, getDb } from "@/lib/db";
import { claimDueEmails } from "@/lib/email/claim-emails";
import { deliverClaimedEmail } from "@/lib/email/deliver-email";
import type { JobStep } from "@/lib/jobs/define-job";
import type { EmailRequested } from "@/lib/jobs/definitions/send-invitation-email";

export type EmailStep =
  | { state: "sent" | "failed" | "missing" }
  /** Still queued: look again at `dueAt` (its release, a retry, or another sender's lease end). */
  | { state: "queued"; dueAt: string };

/** When a queued email can next be claimed; null once it is no longer queued. */
export async function emailDueAt(db: Db, emailId: string): Promise<EmailStep> {
  const [row] = await db
    .select({ state: emails.state, releaseAt: emails.releaseAt, lockedUntil: emails.lockedUntil })
    .from(emails)
    .where(eq(emails.id, emailId))
    .limit(1);
  if (!row) return { state: "missing" };
  if (row.state === "sent" || row.state === "failed") return { state: row.state };
  const due = Math.max(row.releaseAt.getTime(), row.lockedUntil?.getTime() ?? 0);
  return { state: "queued", dueAt: new Date(due).toISOString() };
}

/**
 * The send step of one email's run: the same claim (cap guard and lease) and the same delivery as
 * the `sweep-due-emails` pass, for just this email.
 */
export async function deliverEmailById(db: Db, emailId: string, now: Date): Promise<EmailStep> {
  const [row] = await db.select({ orgId: emails.orgId }).from(emails).where(eq(emails.id, emailId)).limit(1);
  if (!row) return { state: "missing" };
  const [claimed] = await claimDueEmails(db, row.orgId, now, { emailId, limit: 1 });
  if (!claimed) return emailDueAt(db, emailId);
  const result = await deliverClaimedEmail(db, claimed, now);
  return result.state === "queued" ? { state: "queued", dueAt: result.retryAt } : { state: result.state };
}

/** Enough rounds for every retry and cap deferral an email can meet (far below Inngest's step limit). */
const MAX_ROUNDS = 60;

/**
 * The `send-invitation-email` job's run (Inngest): sleep until the email's release time (the cap's
 * plan), then claim and send. A transient failure or a cap deferral sets a new release time in the
 * row, and the loop sleeps until it. Step ids are part of the durable state: never rename them.
 */
export async function runEmail({
  payload,
  step,
}: {
  payload: EmailRequested;
  step: JobStep;
}): Promise<EmailStep | { state: "queued"; note: string }> {
  const emailId = payload.email_id;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const due = await step.run(`due-${round}`, async () => emailDueAt(await getDb(), emailId));
    if (due.state !== "queued") return due;
    await step.sleepUntil(`wait-${round}`, due.dueAt);
    const sent = await step.run(`send-${round}`, async () =>
      deliverEmailById(await getDb(), emailId, new Date()),
    );
    if (sent.state !== "queued") return sent;
    // Not claimed although due (another sender holds the org this instant): do not spin.
    if (Date.parse(sent.dueAt) <= Date.now()) await step.sleep(`pause-${round}`, 5_000);
  }
  return { state: "queued", note: "left to the sweep" };
}
