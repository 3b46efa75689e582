import { type Db, getDb } from "@/lib/db";
import { instanceId } from "@/lib/instances/heartbeat";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { deliverWebhook } from "@/lib/jobs/definitions/deliver-webhook";
import { log } from "@/lib/log/logger";
import { runClaimedAttempt } from "@/lib/webhooks/delivery/attempt-delivery";
import { envCaps, RELEASE_BACKOFF_MS } from "@/lib/webhooks/delivery/claim";
import { claimChosen } from "@/lib/webhooks/delivery/claim-chosen";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import type { Target } from "@/lib/webhooks/delivery/load-targets";
import { refillDue, scanDue } from "@/lib/webhooks/delivery/scan-due";
import { DeliveryScheduler } from "@/lib/webhooks/delivery/scheduler";

/**
 * POSTs in flight at once per process. Each org may hold at most SVC_WEBHOOK_ORG_CONCURRENCY of
 * them (64 by default) and each endpoint SVC_WEBHOOK_ENDPOINT_CONCURRENCY (16): ten orgs whose
 * endpoints all hang hold 640 and leave the rest to the others (docs/decisions/1023, 1230). A slot
 * is a socket and a promise; a hanging attempt holds one until its timeout.
 */
const MAX_SENDING = 1024;
/**
 * Attempts started and not yet recorded, sending or sent (docs/decisions/0950): a sent attempt
 * waits for its batch's record without holding a send slot, so slow records (a commit under load)
 * do not throttle the POSTs; this bounds the rows held that way.
 */
const MAX_STARTED = 2048;
/**
 * Claim again only once this many send slots are free (or nothing is sending): every sent attempt
 * wakes the worker, and claiming one or two rows per wake-up cost two statements per attempt.
 */
const MIN_CLAIM = 16;
/**
 * How often the worker reads the table although its scheduler is fed by the fan-out and its own
 * records (docs/decisions/1230): rows another instance wrote or handed back, leases that ran out.
 * A scan also reads what comes due before the next one.
 */
export const SCAN_MS = 5_000;
/** Endpoints refilled per pass at most (each a page of `perEndpoint` rows). */
const REFILL_ENDPOINTS = 64;

/** This process's attempts in the sending phase, and all it started and has not finished. */
let sending = 0;
let started = 0;
/** The process's scheduler: what it knows of the due work, kept from pass to pass. */
const scheduler = new DeliveryScheduler(envCaps);
let nextScanAt = 0;
/** What the passes cost (the bench reads it: claim cost per pass, docs/benchmarks.md). */
const cost = { passes: 0, claims: 0, claimMs: 0, passMs: 0, claimed: 0, scans: 0, claimWork: 0 };

/** Reads the table into the scheduler: every endpoint's oldest free rows due before the next scan. */
async function scan(db: Db, now: Date): Promise<void> {
  const until = new Date(now.getTime() + SCAN_MS);
  for (const due of await scanDue(db, now, scheduler.perEndpoint, until)) scheduler.offer(due, now.getTime());
  scheduler.scanned();
  cost.scans++;
  nextScanAt = until.getTime();
}

/** The fan-out's items (the dispatch's payloads): false when one cannot be read (then scan). */
function offerReceived(received: readonly unknown[], now: number): boolean {
  let complete = true;
  for (const payload of received) {
    const item = deliverWebhook.trigger.schema.safeParse(payload);
    if (!item.success || item.data.orgId === undefined) {
      complete = false;
      continue;
    }
    // Due now as far as the item says (the schedule's first delay is 0 s by default); one that is
    // not is told apart by the claim and waits in the heap (claim-chosen.ts).
    scheduler.offer(
      { id: item.data.deliveryId, orgId: item.data.orgId, endpointId: item.data.endpointId, dueAt: now },
      now,
    );
  }
  return complete;
}

/**
 * The `deliver-due-webhooks` job (the embedded backend's webhook worker): takes what its scheduler
 * chose (docs/decisions/1230), claims it with the targets of the whole batch in one statement,
 * starts each attempt without waiting for it (its end tells the scheduler and wakes the worker
 * again), and says when the next delivery it knows of is due or the next scan.
 */
export async function deliverDue(ctx: PassContext): Promise<PassResult> {
  const began = performance.now();
  try {
    return await pass(ctx);
  } finally {
    cost.passes++;
    cost.passMs += performance.now() - began;
  }
}

async function pass(ctx: PassContext): Promise<PassResult> {
  const now = ctx.now.getTime();
  const db = await getDb();
  const complete = offerReceived(ctx.received ?? [], now);
  if (!complete || ctx.nudged !== false || now >= nextScanAt) await scan(db, ctx.now);
  const dry = scheduler.toRefill(REFILL_ENDPOINTS, now);
  if (dry.length > 0) {
    const rows = await refillDue(
      db,
      ctx.now,
      scheduler.perEndpoint,
      dry.map((d) => d.endpointId),
    );
    const counts = new Map<string, number>();
    for (const due of rows) {
      scheduler.offer(due, now);
      counts.set(due.endpointId, (counts.get(due.endpointId) ?? 0) + 1);
    }
    for (const d of dry)
      scheduler.refilled(d.orgId, d.endpointId, (counts.get(d.endpointId) ?? 0) >= scheduler.perEndpoint);
  }
  let claimed = 0;
  const free = Math.min(MAX_SENDING - sending, MAX_STARTED - started);
  if (sending === 0 || free >= MIN_CLAIM) {
    const chosen = scheduler.take(free, now);
    if (chosen.length > 0) {
      const claimStart = performance.now();
      const claim = await claimChosen(db, ctx.now, chosen, instanceId()).catch((err: unknown) => {
        // Nothing was claimed (one statement): the chosen rows are forgotten and the table read again.
        for (const c of chosen) scheduler.notClaimed(c.id, { kind: "gone" });
        nextScanAt = 0;
        throw err;
      });
      cost.claims++;
      cost.claimMs += performance.now() - claimStart;
      // The claim's work, whatever the machine's load: rows chosen plus orgs and endpoints counted.
      cost.claimWork +=
        chosen.length +
        new Set(chosen.map((c) => c.orgId)).size +
        new Set(chosen.map((c) => c.endpointId)).size;
      cost.claimed += claim.rows.length;
      for (const [id, why] of claim.notClaimed) scheduler.notClaimed(id, why);
      for (const row of claim.rows) start(ctx, db, row, claim.targets.get(row.id) ?? null);
      claimed = claim.rows.length;
    }
  }
  const next = Math.min(scheduler.nextDueAt() ?? Number.POSITIVE_INFINITY, nextScanAt);
  return { next: new Date(next), summary: { started: claimed } };
}

/** Starts one claimed attempt; its end frees its places in the scheduler and wakes the worker. */
function start(ctx: PassContext, db: Db, row: DeliveryRow, target: Target | null): void {
  sending++;
  started++;
  let markSent: () => void = () => {};
  // Tracked too: the end of the sending phase wakes the worker, which may claim more.
  ctx.track(
    new Promise<void>((resolve) => {
      markSent = () => {
        markSent = () => {};
        sending--;
        resolve();
      };
    }),
  );
  ctx.track(
    runClaimedAttempt(db, row, target, () => markSent())
      .then(
        (report) => {
          const again = report.state === "pending" ? Date.now() + (report.retryInMs ?? 0) : null;
          scheduler.finished(row.id, again, Date.now());
        },
        (err: unknown) => {
          // The claim was handed back (or its lease runs out): looked at again after the back-off.
          scheduler.finished(row.id, Date.now() + RELEASE_BACKOFF_MS, Date.now());
          log.error("webhook attempt failed to run", { delivery_id: row.id, err });
        },
      )
      .finally(() => {
        markSent(); // paths that never sent (endpoint gone, throttled, database error)
        started--;
      }),
  );
}

/** The scheduler's counts and what the passes cost so far (the bench reads them). */
export function schedulerStats() {
  return { ...scheduler.stats(), ...cost, sending, started };
}
