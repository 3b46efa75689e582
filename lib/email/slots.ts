import { and, eq, gt, or } from "drizzle-orm";
import { emails, orgs } from "@/db/schema";
import type { DbOrTx, Tx } from "@/lib/db";
import { CAP_WINDOW_MS, CAPPED_KIND } from "@/lib/email/cap";

/**
 * Serialises cap decisions for one org (planning at enqueue, claiming at send): without it two
 * requests could both see 199 slots taken. NO KEY UPDATE, so inserts that reference the org row
 * (rooms, events, emails) are not blocked by it.
 */
export async function lockOrgForCap(tx: Tx, orgId: string, opts: { skipLocked: boolean }): Promise<boolean> {
  const rows = await tx
    .select({ id: orgs.id })
    .from(orgs)
    .where(eq(orgs.id, orgId))
    .for("no key update", opts.skipLocked ? { skipLocked: true } : {});
  return rows.length > 0;
}

/**
 * The org's slots that count at `now` (the input of planReleaseTimes): the send time of every
 * email sent within the window, and for every email still queued its release time (never earlier
 * than now: an overdue email will take its slot when it goes).
 */
export async function takenSlots(db: DbOrTx, orgId: string, now: Date): Promise<Date[]> {
  const since = new Date(now.getTime() - CAP_WINDOW_MS);
  const rows = await db
    .select({ state: emails.state, releaseAt: emails.releaseAt, sentAt: emails.sentAt })
    .from(emails)
    .where(
      and(
        eq(emails.orgId, orgId),
        eq(emails.kind, CAPPED_KIND),
        or(eq(emails.state, "queued"), and(eq(emails.state, "sent"), gt(emails.sentAt, since))),
      ),
    );
  return rows.map((r) =>
    r.state === "sent" && r.sentAt ? sentSlot(r.sentAt, now) : queuedSlot(r.releaseAt, now),
  );
}

/**
 * A send is in the past by definition. A concurrent sender's clock may read a little later than
 * the caller's `now`; counting that send as a future slot would look like a waiting backlog.
 */
export function sentSlot(sentAt: Date, now: Date): Date {
  return sentAt.getTime() > now.getTime() ? now : sentAt;
}

/** An overdue queued email takes its slot when it goes: no earlier than now. */
export function queuedSlot(releaseAt: Date, now: Date): Date {
  return releaseAt.getTime() < now.getTime() ? now : releaseAt;
}
