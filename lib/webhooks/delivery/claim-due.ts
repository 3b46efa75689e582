import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import type { Db } from "@/lib/db";
import { type DeliveryRow, LEASE_MS } from "@/lib/webhooks/delivery/attempt-delivery";

const claimable = (now: Date) =>
  and(
    eq(deliveries.status, "pending"),
    lte(deliveries.nextAttemptAt, now),
    or(isNull(deliveries.lockedUntil), lte(deliveries.lockedUntil, now)),
  );

/**
 * The embedded runner's claim: up to `limit` due deliveries, leased for LEASE_MS. SKIP LOCKED lets
 * several processes on one PostgreSQL claim side by side without taking the same row; the lease
 * hides a claimed row until it is recorded, or until it expires because its claimer died.
 */
export async function claimDueDeliveries(db: Db, now: Date, limit: number): Promise<DeliveryRow[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(claimable(now))
    .orderBy(asc(deliveries.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(deliveries)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(inArray(deliveries.id, due), claimable(now)))
    .returning();
}

/** When the runner should look again: the next due attempt, or the end of a dead claimer's lease. */
export async function nextDueAt(db: Db, now: Date): Promise<Date | null> {
  const [due] = await db
    .select({ at: deliveries.nextAttemptAt })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, "pending"),
        or(isNull(deliveries.lockedUntil), lte(deliveries.lockedUntil, now)),
      ),
    )
    .orderBy(asc(deliveries.nextAttemptAt))
    .limit(1);
  const [leased] = await db
    .select({ at: deliveries.lockedUntil })
    .from(deliveries)
    .where(and(eq(deliveries.status, "pending"), gt(deliveries.lockedUntil, now)))
    .orderBy(asc(deliveries.lockedUntil))
    .limit(1);
  const times = [due?.at, leased?.at].filter((t): t is Date => t instanceof Date);
  return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
}
