import { and, eq } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { countDeliveryAttempt, observeWebhookPost } from "@/lib/observability/instrument";
import { deferDelivery, takeSendSlot } from "@/lib/webhooks/delivery/backpressure";
import { claimDelivery, RELEASE_BACKOFF_MS, releaseClaim } from "@/lib/webhooks/delivery/claim";
import type { AttemptReport, DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import { loadTargets, type Target } from "@/lib/webhooks/delivery/load-targets";
import { attemptTimeoutMs, type PostResult, postWebhook } from "@/lib/webhooks/delivery/post-webhook";
import { recordAttempt, type SentAttempt } from "@/lib/webhooks/delivery/record-attempt";
import { judgeAttempt } from "@/lib/webhooks/delivery/schedule";
import { signedHeaders, UnsignableError } from "@/lib/webhooks/delivery/signed-request";
import { isInboxUrl } from "@/lib/webhooks/inbox/inbox-url";
import { receiveInInbox } from "@/lib/webhooks/inbox/receive-in-inbox";
import { isTestBody } from "@/lib/webhooks/outbox/envelope";

/**
 * THE delivery state machine, the same under both backends (the embedded worker claims in
 * batches, an Inngest run per attempt; lib/webhooks/delivery/claim.ts): attempt; record the
 * attempt (status, latency, response code, truncated body); then the delivery is done (succeeded,
 * gone, dead, cancelled) or pending with its next attempt time.
 */

/** Claim and run one attempt: the Inngest run's step. */
export async function attemptDelivery(db: Db, deliveryId: string, attempt: number): Promise<AttemptReport> {
  const claim = await claimDelivery(db, deliveryId, attempt);
  return "claimed" in claim ? runClaimedAttempt(db, claim.claimed) : claim.report;
}

async function send(db: Db, row: DeliveryRow, target: Target, attempt: number): Promise<SentAttempt> {
  const { keys } = target;
  if (keys instanceof UnsignableError) {
    // A secret that can never sign (a changed SVC_ENCRYPTION_KEY) fails the attempt like a network error.
    const result: PostResult = {
      startedAt: new Date(),
      durationMs: 0,
      statusCode: null,
      responseBody: null,
      responseHeaders: null,
      error: `cannot sign: ${keys.message}`,
      errorClass: "signing",
    };
    return { result, requestHeaders: null };
  }
  // The stored body, byte for byte: what is signed is what was stored (docs/decisions/0800).
  const headers = signedHeaders({
    webhookId: row.webhookId,
    type: target.type,
    attempt,
    body: row.body,
    keys,
  });
  // The seam of the built-in test inbox (docs/decisions/1073): its deliveries are received by the
  // service itself instead of posted; everything around (signing, judging, recording) is shared.
  const result = isInboxUrl(target.url)
    ? await receiveInInbox(db, row.endpointId, headers, row.body)
    : await postWebhook(target.url, headers, row.body, {
        timeoutMs: attemptTimeoutMs(),
        guardAddresses: env.SVC_DEPLOYMENT_MODE === "cloud",
      });
  // A failed test does not start the endpoint's failing clock (docs/decisions/1074).
  return { result, requestHeaders: headers, spareHealth: isTestBody(row.body) };
}

/** A rate-limited endpoint's delivery waits for its slot; no attempt is made or counted (0942). */
async function throttled(db: Db, row: DeliveryRow, target: Target): Promise<AttemptReport | undefined> {
  if (target.rateLimit === null) return undefined;
  const now = new Date();
  const slot = await takeSendSlot(db, row.endpointId, target.rateLimit, now);
  if (slot.ok) return undefined;
  await deferDelivery(db, row, slot.at);
  return {
    deliveryId: row.id,
    attempt: row.attemptCount,
    state: "pending",
    statusCode: null,
    retryInMs: Math.max(0, slot.at.getTime() - now.getTime()),
    throttled: true,
  };
}

/**
 * Makes the claimed attempt and records it; the claim (lease) is released by the record. The
 * embedded worker passes the target it loaded for the whole claimed batch (null: the endpoint or
 * event is gone); otherwise it is read here. A database error while reading it is not an attempt:
 * the claim is handed back and the error rethrown (docs/decisions/0941). `onSent` is called once
 * the POST has its answer, before the record is written (the worker then has a send slot free).
 */
export async function runClaimedAttempt(
  db: Db,
  row: DeliveryRow,
  loaded?: Target | null,
  onSent?: () => void,
): Promise<AttemptReport> {
  const attempt = row.attemptCount + 1;
  const target =
    loaded !== undefined
      ? loaded
      : await loadTargets(db, [row]).then(
          (t) => t.get(row.id),
          async (err: unknown) => {
            await releaseClaim(db, row).catch(() => {}); // the database may still be away: then the lease runs out
            throw err;
          },
        );
  if (!target?.active) {
    // Disabled by health: kept as skipped, to be recovered (0943); by a member or gone: cancelled.
    const state = target?.disabledAt ? "skipped" : "cancelled";
    await finishWithoutAttempt(db, row, state, target ? "the endpoint is disabled" : "the endpoint is gone");
    return {
      deliveryId: row.id,
      attempt: row.attemptCount,
      state,
      statusCode: null,
      retryInMs: null,
    };
  }
  const wait = await throttled(db, row, target).catch(async (err: unknown) => {
    await releaseClaim(db, row).catch(() => {});
    throw err;
  });
  if (wait) return wait;
  const sent = await observeWebhookPost(
    row,
    attempt,
    () => send(db, row, target, attempt),
    (s) => s.result,
  );
  onSent?.();
  const { result } = sent;
  if (result.notSent) return notAnAttempt(db, row, result);
  const verdict = judgeAttempt(result.statusCode, attempt - row.scheduleBase, Math.random, {
    retryAfter: result.responseHeaders?.["retry-after"],
    now: result.startedAt.getTime() + result.durationMs,
  });
  countDeliveryAttempt(verdict.status, row.nextAttemptAt, result.startedAt);
  const recorded = await recordAttempt(db, row, attempt, sent, verdict);
  log.info("webhook attempt", {
    delivery_id: row.id,
    webhook_id: row.webhookId,
    attempt,
    status_code: result.statusCode,
    outcome: verdict.status,
    duration_ms: result.durationMs,
    recorded,
  });
  return {
    deliveryId: row.id,
    attempt,
    state: verdict.status,
    statusCode: result.statusCode,
    retryInMs: verdict.status === "pending" ? verdict.retryInMs : null,
  };
}

/**
 * Nothing reached the wire (no connection to the host came free in time): not an attempt
 * (docs/decisions/1024). The delivery is due again shortly with the same attempt number, like a
 * throttled one, so the Inngest run waits and retries the same attempt.
 */
async function notAnAttempt(db: Db, row: DeliveryRow, result: PostResult): Promise<AttemptReport> {
  const retryInMs = RELEASE_BACKOFF_MS;
  await deferDelivery(db, row, new Date(Date.now() + retryInMs));
  log.info("webhook attempt not sent", {
    delivery_id: row.id,
    attempt: row.attemptCount + 1,
    reason: result.error,
  });
  return {
    deliveryId: row.id,
    attempt: row.attemptCount,
    state: "pending",
    statusCode: null,
    retryInMs,
    throttled: true,
  };
}

async function finishWithoutAttempt(
  db: Db,
  row: DeliveryRow,
  status: "cancelled" | "skipped",
  reason: string,
): Promise<void> {
  await db
    .update(deliveries)
    .set({
      status,
      lockedUntil: null,
      nextAttemptAt: null,
      lastError: reason,
      completedAt: new Date(),
    })
    .where(
      and(
        eq(deliveries.id, row.id),
        eq(deliveries.status, "pending"),
        eq(deliveries.attemptCount, row.attemptCount),
      ),
    );
}
