import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { deliveries, events, webhookEndpoints, webhookSigningSecrets } from "@/db/schema";
import { decryptSecret } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log/logger";
import { claimDelivery } from "@/lib/webhooks/delivery/claim";
import type { AttemptReport, DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import { ATTEMPT_TIMEOUT_MS, type PostResult, postWebhook } from "@/lib/webhooks/delivery/post-webhook";
import { judgeAttempt, type Verdict } from "@/lib/webhooks/delivery/schedule";
import { rfc3339Nano, signWebhook } from "@/lib/webhooks/sign";

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

interface Target {
  url: string;
  active: boolean;
  type: string;
}

async function loadTarget(db: Db, row: DeliveryRow): Promise<Target | undefined> {
  const [target] = await db
    .select({
      url: webhookEndpoints.url,
      active: webhookEndpoints.active,
      type: events.type,
    })
    .from(webhookEndpoints)
    .innerJoin(events, eq(events.id, row.eventId))
    .where(eq(webhookEndpoints.id, row.endpointId))
    .limit(1);
  return target;
}

async function activeSecret(db: Db, endpointId: string): Promise<{ kid: string; secret: string }> {
  const [key] = await db
    .select({ kid: webhookSigningSecrets.kid, ciphertext: webhookSigningSecrets.secretCiphertext })
    .from(webhookSigningSecrets)
    .where(and(eq(webhookSigningSecrets.endpointId, endpointId), isNull(webhookSigningSecrets.expiresAt)))
    .orderBy(desc(webhookSigningSecrets.createdAt))
    .limit(1);
  if (!key) throw new Error("the endpoint has no active signing secret");
  return { kid: key.kid, secret: decryptSecret(key.ciphertext) };
}

async function send(
  row: DeliveryRow,
  target: Target,
  attempt: number,
  secret: Promise<{ kid: string; secret: string }>,
): Promise<PostResult> {
  let signing: { kid: string; secret: string };
  try {
    signing = await secret;
  } catch (err) {
    // An unreadable secret (a changed SVC_ENCRYPTION_KEY) fails the attempt like a network error.
    return {
      startedAt: new Date(),
      durationMs: 0,
      statusCode: null,
      responseBody: null,
      error: `cannot sign: ${(err as Error).message}`,
    };
  }
  // The stored body, byte for byte: what is signed is what was stored (docs/decisions/0800).
  const body = row.body;
  const ts = rfc3339Nano();
  const headers = {
    "content-type": "application/json",
    "user-agent": "SVC-Webhooks/1",
    "x-svc-webhook-id": row.webhookId,
    "x-svc-webhook-type": target.type,
    "x-svc-webhook-ts": ts,
    "x-svc-webhook-sig": signWebhook(signing.secret, ts, body),
    "x-svc-webhook-kid": signing.kid,
    "x-svc-webhook-attempt": String(attempt),
  };
  return postWebhook(target.url, headers, body, {
    timeoutMs: ATTEMPT_TIMEOUT_MS,
    guardAddresses: env.SVC_DEPLOYMENT_MODE === "cloud",
  });
}

/** Makes the claimed attempt and records it; the claim (lease) is released by the record. */
export async function runClaimedAttempt(db: Db, row: DeliveryRow): Promise<AttemptReport> {
  const attempt = row.attemptCount + 1;
  // Independent reads: the endpoint and event, and the signing secret, in parallel.
  const secret = activeSecret(db, row.endpointId);
  secret.catch(() => {}); // awaited in send(); a disabled endpoint never gets there
  const target = await loadTarget(db, row);
  if (!target?.active) {
    await finishWithoutAttempt(db, row, target ? "the endpoint is disabled" : "the endpoint is gone");
    return {
      deliveryId: row.id,
      attempt: row.attemptCount,
      state: "cancelled",
      statusCode: null,
      retryInMs: null,
    };
  }
  const result = await send(row, target, attempt, secret);
  const verdict = judgeAttempt(result.statusCode, attempt - row.scheduleBase);
  const recorded = await recordAttempt(db, row, attempt, result, verdict);
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
 * Compare-and-set on the attempt count: if another claimer already recorded it, nothing is written.
 * One statement (a data-modifying CTE), so it is atomic without BEGIN/COMMIT: one round trip per
 * attempt instead of four.
 */
async function recordAttempt(
  db: Db,
  row: DeliveryRow,
  attempt: number,
  result: PostResult,
  verdict: Verdict,
): Promise<boolean> {
  const finishedAt = new Date(result.startedAt.getTime() + result.durationMs);
  const pending = verdict.status === "pending";
  const nextAttemptAt =
    verdict.status === "pending" ? new Date(finishedAt.getTime() + verdict.retryInMs) : null;
  const recorded = await db.execute(sql`
    with updated as (
      update deliveries set
        status = ${verdict.status},
        attempt_count = ${attempt},
        next_attempt_at = ${nextAttemptAt?.toISOString() ?? null}::timestamptz,
        locked_until = null,
        last_status_code = ${result.statusCode}::int,
        last_error = ${result.error}::text,
        completed_at = ${pending ? null : finishedAt.toISOString()}::timestamptz
      where id = ${row.id} and status = 'pending' and attempt_count = ${row.attemptCount}
      returning id
    )
    insert into delivery_attempts
      (id, delivery_id, attempt, started_at, duration_ms, status_code, outcome, response_body, error)
    select ${newId("attempt")}, id, ${attempt}::int, ${result.startedAt.toISOString()}::timestamptz,
      ${result.durationMs}::int, ${result.statusCode}::int, ${pending ? "retry" : verdict.status}::text,
      ${result.responseBody}::text, ${result.error}::text
    from updated
    returning id`);
  const rows = Array.isArray(recorded) ? recorded : (recorded as { rows: unknown[] }).rows;
  return rows.length > 0;
}

async function finishWithoutAttempt(db: Db, row: DeliveryRow, reason: string): Promise<void> {
  await db
    .update(deliveries)
    .set({
      status: "cancelled",
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
