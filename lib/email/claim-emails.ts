import { and, asc, count, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { emails } from "@/db/schema";
import type { Db } from "@/lib/db";
import { CAP_WINDOW_MS, CAPPED_KIND, isCapped, planReleaseTimes, SEND_CAP } from "@/lib/email/cap";
import { lockOrgForCap, sentSlot } from "@/lib/email/slots";
import { instanceId } from "@/lib/instances/heartbeat";

/** How long a claimed email is reserved for its sender; longer than the send timeout. */
export const EMAIL_LEASE_MS = 2 * 60 * 1000;

export type ClaimedEmail = typeof emails.$inferSelect;

/** Queued, released, and not leased by a live sender. */
export function dueCondition(now: Date) {
  return and(
    eq(emails.state, "queued"),
    lte(emails.releaseAt, now),
    or(isNull(emails.lockedUntil), lte(emails.lockedUntil, now)),
  );
}

/**
 * Claims an org's due emails for sending (with a lease, so no two senders send one email), and
 * enforces the cap on real sends: the planned release times assume sends go on time, but after
 * downtime a backlog is overdue at once. Only as many as the rolling hour still allows are
 * claimed; the rest get new release times from the same planReleaseTimes.
 *
 * Returns [] when another sender holds the org right now (it will claim them).
 *
 * Account emails (kind `account`) are claimed whatever the cap says and never count in it; those
 * of no org (`orgId` null: sign-up, password reset) need no org lock at all.
 */
export async function claimDueEmails(
  db: Db,
  orgId: string | null,
  now: Date,
  opts: { emailId?: string; limit?: number } = {},
): Promise<ClaimedEmail[]> {
  return db.transaction(async (tx) => {
    if (orgId !== null && !(await lockOrgForCap(tx, orgId, { skipLocked: true }))) return [];
    const due = await tx
      .select()
      .from(emails)
      .where(
        and(
          orgId === null ? isNull(emails.orgId) : eq(emails.orgId, orgId),
          dueCondition(now),
          opts.emailId ? eq(emails.id, opts.emailId) : undefined,
        ),
      )
      .orderBy(asc(emails.releaseAt), asc(emails.id))
      .limit(opts.limit ?? 100)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];

    const since = new Date(now.getTime() - CAP_WINDOW_MS);
    const recent = await tx
      .select({ sentAt: emails.sentAt })
      .from(emails)
      .where(
        and(
          orgId === null ? isNull(emails.orgId) : eq(emails.orgId, orgId),
          eq(emails.kind, CAPPED_KIND),
          eq(emails.state, "sent"),
          gt(emails.sentAt, since),
        ),
      );
    const [inFlight] = await tx
      .select({ n: count() })
      .from(emails)
      .where(
        and(
          orgId === null ? isNull(emails.orgId) : eq(emails.orgId, orgId),
          eq(emails.kind, CAPPED_KIND),
          eq(emails.state, "queued"),
          gt(emails.lockedUntil, now),
        ),
      );
    const used = recent.length + (inFlight?.n ?? 0);
    const allowed = Math.max(0, SEND_CAP - used);
    const capped = due.filter((e) => isCapped(e.kind));
    const cappedClaim = capped.slice(0, allowed);
    const claim = [...due.filter((e) => !isCapped(e.kind)), ...cappedClaim];
    const over = capped.slice(allowed);

    const lockedUntil = new Date(now.getTime() + EMAIL_LEASE_MS);
    if (claim.length > 0) {
      await tx
        .update(emails)
        .set({ lockedUntil, lockedBy: instanceId(), attempts: sql`${emails.attempts} + 1` })
        .where(
          inArray(
            emails.id,
            claim.map((e) => e.id),
          ),
        );
    }
    if (over.length > 0) {
      const taken = [
        ...recent.flatMap((r) => (r.sentAt ? [sentSlot(r.sentAt, now)] : [])),
        ...Array.from({ length: (inFlight?.n ?? 0) + cappedClaim.length }, () => now),
      ];
      const releases = planReleaseTimes(taken, over.length, now);
      for (const [i, e] of over.entries()) {
        await tx
          .update(emails)
          .set({ releaseAt: releases[i] ?? now })
          .where(eq(emails.id, e.id));
      }
    }
    return claim.map((e) => ({ ...e, lockedUntil, attempts: e.attempts + 1 }));
  });
}
