import { eq, sql } from "drizzle-orm";
import { emails } from "@/db/schema";
import { type Db, getDb } from "@/lib/db";
import { claimDueEmails, dueCondition } from "@/lib/email/claim-emails";
import { type DeliveryResult, deliverClaimedEmail } from "@/lib/email/deliver-email";
import type { PassResult as JobPassResult, PassContext } from "@/lib/jobs/define-job";

/** Sends in flight at once per pass: enough to drain 200 quickly, gentle on the provider. */
const CONCURRENCY = 4;

export interface PassResult {
  sent: number;
  failed: number;
  retrying: number;
  /** When the next queued email becomes due (possibly already: a batch limit was hit), or null. */
  next: Date | null;
}

/** The `sweep-due-emails` job: the embedded backend's email worker, and Inngest's safety net. */
export async function sweepDueEmails(ctx: Pick<PassContext, "now">): Promise<JobPassResult> {
  const r = await processDueEmails(await getDb(), ctx.now);
  return { next: r.next, summary: { sent: r.sent, failed: r.failed, retrying: r.retrying } };
}

/** One pass: claims what is due per org under the cap, sends it, and reports when to look again. */
export async function processDueEmails(db: Db, now: Date): Promise<PassResult> {
  const orgRows = await db
    .selectDistinct({ orgId: emails.orgId })
    .from(emails)
    .where(dueCondition(now))
    .limit(50);
  const result: PassResult = { sent: 0, failed: 0, retrying: 0, next: null };
  for (const { orgId } of orgRows) {
    const claimed = await claimDueEmails(db, orgId, now);
    const queue = [...claimed];
    const tally = (r: DeliveryResult) => {
      if (r.state === "sent") result.sent++;
      else if (r.state === "failed") result.failed++;
      else result.retrying++;
    };
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
        for (let e = queue.shift(); e; e = queue.shift()) tally(await deliverClaimedEmail(db, e, now));
      }),
    );
  }
  result.next = await nextEmailDueAt(db);
  return result;
}

/** The earliest moment a queued email can be claimed: its release, or its lease's end. */
export async function nextEmailDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({
      // Epoch milliseconds: drivers disagree on timestamp text, not on numbers (numeric may be a string).
      ms: sql<
        number | string | null
      >`extract(epoch from min(greatest(${emails.releaseAt}, coalesce(${emails.lockedUntil}, ${emails.releaseAt})))) * 1000`,
    })
    .from(emails)
    .where(eq(emails.state, "queued"));
  const ms = row?.ms;
  return ms === null || ms === undefined || Number.isNaN(Number(ms))
    ? null
    : new Date(Math.round(Number(ms)));
}
