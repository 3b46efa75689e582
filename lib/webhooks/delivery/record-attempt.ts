import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import type { PostResult } from "@/lib/webhooks/delivery/post-webhook";
import type { Verdict } from "@/lib/webhooks/delivery/schedule";

/** What one attempt sent and got: the POST's result and the headers as sent (null: never sent). */
export interface SentAttempt {
  result: PostResult;
  requestHeaders: Record<string, string> | null;
}

/** How stale `last_success_at` may get before a success writes it again: no write per delivery. */
const SUCCESS_STAMP_MS = 60_000;

/**
 * Records the attempt, moves the delivery on and keeps the endpoint's health current (0943), in one
 * statement (a data-modifying CTE: atomic without BEGIN/COMMIT, one round trip). Compare-and-set on
 * the attempt count: if another claimer already recorded it, nothing is written. The endpoint row
 * is only written when its health changes (or its success stamp is a minute old), so a busy
 * healthy endpoint is not rewritten on every delivery.
 */
export async function recordAttempt(
  db: Db,
  row: DeliveryRow,
  attempt: number,
  sent: SentAttempt,
  verdict: Verdict,
): Promise<boolean> {
  const { result } = sent;
  const finishedAt = new Date(result.startedAt.getTime() + result.durationMs);
  const pending = verdict.status === "pending";
  const nextAttemptAt =
    verdict.status === "pending" ? new Date(finishedAt.getTime() + verdict.retryInMs) : null;
  const succeeded = verdict.status === "succeeded";
  // 410 is the receiver's own answer ("stop"), neither a success nor a failure of the endpoint.
  const failed = !succeeded && verdict.status !== "gone";
  const healthError = result.error ?? (result.statusCode !== null ? `HTTP ${result.statusCode}` : "failed");
  const finished = finishedAt.toISOString();
  const staleBefore = new Date(finishedAt.getTime() - SUCCESS_STAMP_MS).toISOString();
  const recorded = await db.execute(sql`
    with updated as (
      update deliveries set
        status = ${verdict.status},
        attempt_count = ${attempt},
        next_attempt_at = ${nextAttemptAt?.toISOString() ?? null}::timestamptz,
        locked_until = null,
        last_status_code = ${result.statusCode}::int,
        last_error = ${result.error}::text,
        completed_at = ${pending ? null : finished}::timestamptz
      where id = ${row.id} and status = 'pending' and attempt_count = ${row.attemptCount}
      returning id
    ), health as (
      update webhook_endpoints set
        failing_since = case when ${succeeded}::boolean then null
          else coalesce(failing_since, ${result.startedAt.toISOString()}::timestamptz) end,
        failing_notified_at = case when ${succeeded}::boolean then null else failing_notified_at end,
        last_success_at = case when ${succeeded}::boolean then ${finished}::timestamptz else last_success_at end,
        last_failure_error = case when ${failed}::boolean then ${healthError}::text else last_failure_error end
      where id = ${row.endpointId} and exists (select 1 from updated) and (
        (${succeeded}::boolean and (failing_since is not null or last_success_at is null
          or last_success_at < ${staleBefore}::timestamptz))
        or (${failed}::boolean and (failing_since is null or last_failure_error is distinct from ${healthError}::text))
      )
      returning id
    )
    insert into delivery_attempts
      (id, delivery_id, attempt, started_at, duration_ms, status_code, outcome, response_body, error,
       request_headers, response_headers, error_class)
    select ${newId("attempt")}, id, ${attempt}::int, ${result.startedAt.toISOString()}::timestamptz,
      ${result.durationMs}::int, ${result.statusCode}::int, ${pending ? "retry" : verdict.status}::text,
      ${result.responseBody}::text, ${result.error}::text,
      ${sent.requestHeaders ? JSON.stringify(sent.requestHeaders) : null}::jsonb,
      ${result.responseHeaders ? JSON.stringify(result.responseHeaders) : null}::jsonb,
      ${result.errorClass}::text
    from updated
    returning id`);
  const rows = Array.isArray(recorded) ? recorded : (recorded as { rows: unknown[] }).rows;
  return rows.length > 0;
}
