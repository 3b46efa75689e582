import { eq } from "drizzle-orm";
import { emails } from "@/db/schema";
import type { Db } from "@/lib/db";
import { claimDueEmails } from "@/lib/email/claim-emails";
import { deliverClaimedEmail } from "@/lib/email/deliver-email";

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
 * The Inngest driver's send step for one email: the same claim (cap guard and lease) and the same
 * delivery as the embedded worker, for just this email.
 */
export async function deliverEmailById(db: Db, emailId: string, now: Date): Promise<EmailStep> {
  const [row] = await db.select({ orgId: emails.orgId }).from(emails).where(eq(emails.id, emailId)).limit(1);
  if (!row) return { state: "missing" };
  const [claimed] = await claimDueEmails(db, row.orgId, now, { emailId, limit: 1 });
  if (!claimed) return emailDueAt(db, emailId);
  const result = await deliverClaimedEmail(db, claimed, now);
  return result.state === "queued" ? { state: "queued", dueAt: result.retryAt } : { state: result.state };
}
