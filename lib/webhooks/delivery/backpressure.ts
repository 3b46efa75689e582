import { and, eq, isNull, lte, or } from "drizzle-orm";
import { deliveries, webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";

/**
 * Backpressure from receivers (docs/decisions/0942): `Retry-After` on 429/503, and the endpoint's
 * own `rate_limit`.
 */

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date; undefined if neither. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (!/[a-z]/i.test(text) || Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * The next attempt's delay after a 429/503 that asked for `askedMs`: no earlier than asked, but at
 * most twice the scheduled delay (Svix's rule), and never earlier than the schedule.
 */
export function delayAfterRetryAfter(scheduledMs: number, askedMs: number): number {
  return Math.max(scheduledMs, Math.min(askedMs, 2 * scheduledMs));
}

/**
 * Takes the endpoint's next send slot if it is free now (`rate_next_at <= now`), moving it one
 * interval on; otherwise returns when it frees up. One conditional UPDATE: processes and Inngest
 * runs share the limit through the row.
 */
export async function takeSendSlot(
  db: Db,
  endpointId: string,
  perSecond: number,
  now: Date,
): Promise<{ ok: true } | { ok: false; at: Date }> {
  const intervalMs = 1000 / perSecond;
  const next = new Date(now.getTime() + intervalMs);
  const [taken] = await db
    .update(webhookEndpoints)
    .set({ rateNextAt: next })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        or(isNull(webhookEndpoints.rateNextAt), lte(webhookEndpoints.rateNextAt, now)),
      ),
    )
    .returning({ id: webhookEndpoints.id });
  if (taken) return { ok: true };
  const [row] = await db
    .select({ at: webhookEndpoints.rateNextAt })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
    .limit(1);
  return { ok: false, at: row?.at ?? next };
}

/**
 * A throttled delivery waits: due again at `at`, its claim released, its attempt count untouched
 * (no attempt was made). Guarded by the attempt count like every write to a claimed row.
 */
export async function deferDelivery(db: Db, row: DeliveryRow, at: Date): Promise<void> {
  await db
    .update(deliveries)
    .set({ nextAttemptAt: at, lockedUntil: null })
    .where(
      and(
        eq(deliveries.id, row.id),
        eq(deliveries.status, "pending"),
        eq(deliveries.attemptCount, row.attemptCount),
      ),
    );
}
