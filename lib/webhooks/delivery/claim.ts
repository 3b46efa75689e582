import { and, eq, isNull, lte, or } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import type { Db } from "@/lib/db";
import { type PreparedStatement, runPrepared } from "@/lib/db-prepared";
import { env } from "@/lib/env";
import { instanceId } from "@/lib/instances/heartbeat";
import { claimChosen, LEASE_MS } from "@/lib/webhooks/delivery/claim-chosen";
import type { AttemptReport, DeliveryRow, DeliveryState } from "@/lib/webhooks/delivery/delivery-row";
import { dateOf, epochMs, type Target } from "@/lib/webhooks/delivery/load-targets";
import { scanDue } from "@/lib/webhooks/delivery/scan-due";
import { type Caps, DeliveryScheduler } from "@/lib/webhooks/delivery/scheduler";

/**
 * Claiming deliveries: a claim leases a row (`locked_until = now + LEASE_MS`); a leased row is
 * invisible to other claimers until its attempt is recorded (which ends the lease) or the lease
 * runs out because its claimer died (lease recovery: the row is due again).
 */

export { LEASE_MS };

export class DeliveryBusyError extends Error {
  override name = "DeliveryBusyError";
}

/** The caps as the scheduler reads them: the env module's, at the time of the pass. */
export const envCaps = (): Caps => ({
  endpoint: env.SVC_WEBHOOK_ENDPOINT_CONCURRENCY,
  org: env.SVC_WEBHOOK_ORG_CONCURRENCY,
});

/**
 * A claim without a process's scheduler state (tests, tools; the worker keeps its own, deliver-due.ts):
 * up to `limit` deliveries due at `now`, read from the table (scan-due.ts), chosen fairly between
 * orgs and endpoints (scheduler.ts) and claimed under the caps (claim-chosen.ts), with the target
 * of each whose endpoint and event still exist.
 */
export async function claimDueBatch(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ rows: DeliveryRow[]; targets: Map<string, Target> }> {
  if (limit <= 0) return { rows: [], targets: new Map() };
  const rows: DeliveryRow[] = [];
  const targets = new Map<string, Target>();
  // Claimers side by side read the same rows: one that finds its choice taken reads again.
  for (let round = 0; round < CLAIM_ROUNDS && rows.length < limit; round++) {
    const scheduler = new DeliveryScheduler(envCaps, limit);
    for (const due of await scanDue(db, now, limit)) scheduler.offer(due, now.getTime());
    const chosen = scheduler.take(limit - rows.length, now.getTime());
    if (chosen.length === 0) break;
    const claim = await claimChosen(db, now, chosen, instanceId());
    rows.push(...claim.rows);
    for (const [id, target] of claim.targets) targets.set(id, target);
    if (![...claim.notClaimed.values()].some((n) => n.kind === "gone")) break;
  }
  return { rows, targets };
}

/** Reads of the table a claim without state makes at most (see claimDueBatch). */
const CLAIM_ROUNDS = 5;

/** The claim alone (tests, tools): see claimDueBatch. */
export async function claimDueDeliveries(db: Db, now: Date, limit: number): Promise<DeliveryRow[]> {
  return (await claimDueBatch(db, now, limit)).rows;
}

/** How long a handed-back row waits before it is claimable again: no hot loop on a failing database. */
export const RELEASE_BACKOFF_MS = 1_000;

/**
 * Hands a claimed row back long before its lease runs out, unchanged otherwise: its attempt was not
 * made (the database failed under it), so the next claimer makes the same attempt number.
 */
export async function releaseClaim(db: Db, row: Pick<DeliveryRow, "id" | "attemptCount">): Promise<void> {
  await db
    .update(deliveries)
    .set({ lockedUntil: new Date(Date.now() + RELEASE_BACKOFF_MS) })
    .where(
      and(
        eq(deliveries.id, row.id),
        eq(deliveries.status, "pending"),
        eq(deliveries.attemptCount, row.attemptCount),
      ),
    );
}

/**
 * When the worker should look again: the next attempt that comes due after `now`, or the end of a
 * lease (a dead claimer's, or a handed-back row's). Rows already due that the claim at `now` left
 * are held back by the in-flight caps (or taken by a claimer beside it): they become claimable
 * when an attempt in flight ends, which wakes the worker (or another instance's, whose attempt it
 * was), so they are not a reason to look again at once; counting them made a capped backlog spin
 * the worker, one full claim after another (docs/decisions/1105).
 */
export async function nextDueAt(db: Db, now: Date): Promise<Date | null> {
  const [row] = await runPrepared(db, NEXT_DUE, [now.toISOString()]);
  const times = (row ?? []).map(dateOf).filter((t): t is Date => t !== null);
  return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
}

/**
 * nextDueAt's two questions in one prepared statement (one round trip, planned once): the next
 * unleased row due after `$1` (`deliveries_due_idx`) and the first lease to end
 * (`deliveries_org_leased_idx`: leased rows only, as many as are in flight).
 */
const NEXT_DUE: PreparedStatement = {
  name: "svc_next_due",
  types: ["timestamptz"],
  text: `select
    (select ${epochMs("next_attempt_at")} from deliveries
      where status = 'pending' and next_attempt_at > $1::timestamptz
        and (locked_until is null or locked_until <= $1::timestamptz)
      order by next_attempt_at limit 1),
    (select ${epochMs("locked_until")} from deliveries
      where status = 'pending' and locked_until is not null and locked_until > $1::timestamptz
      order by locked_until limit 1)`,
};

/**
 * The Inngest run's claim: attempt `attempt` of one delivery. An attempt that was already made
 * reports its outcome again instead of sending twice, so a retried step is idempotent; a live
 * lease throws, so Inngest retries the step later.
 */
export async function claimDelivery(
  db: Db,
  deliveryId: string,
  attempt: number,
  now: Date = new Date(),
): Promise<{ claimed: DeliveryRow } | { report: AttemptReport }> {
  const [claimed] = await db
    .update(deliveries)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), lockedBy: instanceId() })
    .where(
      and(
        eq(deliveries.id, deliveryId),
        eq(deliveries.status, "pending"),
        eq(deliveries.attemptCount, attempt - 1),
        or(isNull(deliveries.lockedUntil), lte(deliveries.lockedUntil, now)),
      ),
    )
    .returning();
  if (claimed) return { claimed };
  const [current] = await db.select().from(deliveries).where(eq(deliveries.id, deliveryId)).limit(1);
  if (!current) return { report: skipped(deliveryId, attempt) };
  if (current.attemptCount >= attempt || current.status !== "pending") {
    return { report: reportOf(current, now) };
  }
  if (current.attemptCount === attempt - 1) {
    throw new DeliveryBusyError(`delivery ${deliveryId} is being attempted elsewhere`);
  }
  return { report: skipped(deliveryId, attempt) };
}

function skipped(deliveryId: string, attempt: number): AttemptReport {
  return { deliveryId, attempt, state: "skipped", statusCode: null, retryInMs: null };
}

function reportOf(row: DeliveryRow, now: Date): AttemptReport {
  return {
    deliveryId: row.id,
    attempt: row.attemptCount,
    state: row.status as DeliveryState,
    statusCode: row.lastStatusCode,
    retryInMs:
      row.status === "pending" && row.nextAttemptAt
        ? Math.max(0, row.nextAttemptAt.getTime() - now.getTime())
        : null,
  };
}

/**
 * Where an Inngest run starts: the next attempt number of the delivery's current schedule and how
 * long until it is due; null when there is nothing to run (delivered, deleted, or redelivered
 * since this run was requested).
 */
export async function prepareRun(
  db: Db,
  deliveryId: string,
  scheduleBase: number,
  now: Date = new Date(),
): Promise<{ attempt: number; waitMs: number } | null> {
  const [row] = await db
    .select({ attemptCount: deliveries.attemptCount, nextAttemptAt: deliveries.nextAttemptAt })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.id, deliveryId),
        eq(deliveries.status, "pending"),
        eq(deliveries.scheduleBase, scheduleBase),
      ),
    )
    .limit(1);
  if (!row) return null;
  const dueAt = row.nextAttemptAt?.getTime() ?? now.getTime();
  return { attempt: row.attemptCount + 1, waitMs: Math.max(0, dueAt - now.getTime()) };
}
