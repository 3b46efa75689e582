import type { Db } from "@/lib/db";
import { type PreparedStatement, runPrepared } from "@/lib/db-prepared";
import { newId } from "@/lib/ids";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import type { PostResult } from "@/lib/webhooks/delivery/post-webhook";
import type { Verdict } from "@/lib/webhooks/delivery/schedule";

/**
 * The statement that records a batch of attempts (docs/decisions/0950); the queue that batches
 * the attempts finishing together and retries a record the database could not take is
 * record-attempt.ts.
 */

/** What one attempt sent and got: the POST's result and the headers as sent (null: never sent). */
export interface SentAttempt {
  result: PostResult;
  requestHeaders: Record<string, string> | null;
  /** A test event's failure is logged but does not make the endpoint failing (docs/decisions/1074). */
  spareHealth?: boolean;
}

/** One attempt's record, as the batch statement reads it (json_to_recordset, snake_case). */
export interface RecordInput {
  id: string;
  /** The attempt count the claim saw: the compare-and-set guard. */
  prev: number;
  attempt: number;
  status: Verdict["status"];
  next_attempt_at: string | null;
  status_code: number | null;
  error: string | null;
  completed_at: string | null;
  endpoint_id: string;
  succeeded: boolean;
  failed: boolean;
  health_error: string;
  started_at: string;
  finished_at: string;
  attempt_id: string;
  duration_ms: number;
  outcome: string;
  response_body: string | null;
  request_headers: Record<string, string> | null;
  response_headers: Record<string, string> | null;
  error_class: string | null;
}

/**
 * RecordInput's fields with their SQL types, once: the statement's record type and what it writes
 * are derived from these lists (docs/decisions/0950).
 */
const RECORD_FIELDS = [
  ["id", "text"],
  ["prev", "int"],
  ["attempt", "int"],
  ["status", "text"],
  ["next_attempt_at", "timestamptz"],
  ["status_code", "int"],
  ["error", "text"],
  ["completed_at", "timestamptz"],
  ["endpoint_id", "text"],
  ["succeeded", "boolean"],
  ["failed", "boolean"],
  ["health_error", "text"],
  ["started_at", "timestamptz"],
  ["finished_at", "timestamptz"],
  ["attempt_id", "text"],
  ["duration_ms", "int"],
  ["outcome", "text"],
  ["response_body", "text"],
  ["request_headers", "jsonb"],
  ["response_headers", "jsonb"],
  ["error_class", "text"],
] as const satisfies readonly (readonly [keyof RecordInput, string])[];

// Every RecordInput field is in the list (a compile error names the one that is not).
type UnlistedField = Exclude<keyof RecordInput, (typeof RECORD_FIELDS)[number][0]>;
const everyFieldListed: [UnlistedField] extends [never] ? true : UnlistedField = true;
void everyFieldListed;

/** The delivery's columns an attempt moves on, each from its input field. */
const DELIVERY_UPDATE = [
  ["status", "status"],
  ["attempt_count", "attempt"],
  ["next_attempt_at", "next_attempt_at"],
  ["last_status_code", "status_code"],
  ["last_error", "error"],
  ["completed_at", "completed_at"],
] as const satisfies readonly (readonly [string, keyof RecordInput])[];

/** The attempt log's columns (delivery_attempts), each from its input field. */
const ATTEMPT_INSERT = [
  ["id", "attempt_id"],
  ["delivery_id", "id"],
  ["attempt", "attempt"],
  ["started_at", "started_at"],
  ["duration_ms", "duration_ms"],
  ["status_code", "status_code"],
  ["outcome", "outcome"],
  ["response_body", "response_body"],
  ["error", "error"],
  ["request_headers", "request_headers"],
  ["response_headers", "response_headers"],
  ["error_class", "error_class"],
] as const satisfies readonly (readonly [string, keyof RecordInput])[];

export function recordInput(
  row: DeliveryRow,
  attempt: number,
  sent: SentAttempt,
  verdict: Verdict,
): RecordInput {
  const { result } = sent;
  const finishedAt = new Date(result.startedAt.getTime() + result.durationMs);
  const pending = verdict.status === "pending";
  const succeeded = verdict.status === "succeeded";
  return {
    id: row.id,
    prev: row.attemptCount,
    attempt,
    status: verdict.status,
    next_attempt_at:
      verdict.status === "pending" ? new Date(finishedAt.getTime() + verdict.retryInMs).toISOString() : null,
    status_code: result.statusCode,
    error: result.error,
    completed_at: pending ? null : finishedAt.toISOString(),
    endpoint_id: row.endpointId,
    succeeded,
    // 410 is the receiver's own answer ("stop"), neither a success nor a failure of the endpoint.
    failed: !succeeded && verdict.status !== "gone" && !sent.spareHealth,
    health_error: result.error ?? (result.statusCode !== null ? `HTTP ${result.statusCode}` : "failed"),
    started_at: result.startedAt.toISOString(),
    finished_at: finishedAt.toISOString(),
    attempt_id: newId("attempt"),
    duration_ms: result.durationMs,
    outcome: pending ? "retry" : verdict.status,
    response_body: result.responseBody,
    request_headers: sent.requestHeaders,
    response_headers: result.responseHeaders,
    error_class: result.errorClass,
  };
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000: one receiver's NUL must not fail the whole batch, so
 * it is stored as U+FFFD. Only an escape that is not itself escaped (`\\u0000` is a backslash and
 * the text "u0000") is replaced.
 */
function withoutNul(json: string): string {
  return json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, "$1\\ufffd");
}

const RECORD_ATTEMPTS: PreparedStatement = {
  name: "svc_record_attempts",
  types: ["json"],
  text: `    with input as (
      select * from json_to_recordset($1::json) as i(
        ${RECORD_FIELDS.map(([name, type]) => `${name} ${type}`).join(", ")})
    ), updated as (
      update deliveries d set
        ${DELIVERY_UPDATE.map(([column, field]) => `${column} = i.${field}`).join(", ")},
        locked_until = null
      from input i
      where d.id = i.id and d.status = 'pending' and d.attempt_count = i.prev
      returning d.id
    ), recorded as (
      select i.* from input i join updated u on u.id = i.id
    ), last_ok as (
      select endpoint_id, max(finished_at) as at from recorded where succeeded group by endpoint_id
    ), health_in as (
      -- Per endpoint: its latest success, and the failures after it (a failing spell still open).
      select r.endpoint_id,
        max(r.finished_at) filter (where r.succeeded) as ok_at,
        min(r.started_at) filter (where r.failed and (o.at is null or r.finished_at > o.at)) as fail_since,
        (array_agg(r.health_error order by r.finished_at desc) filter (where r.failed))[1] as fail_error
      from recorded r left join last_ok o on o.endpoint_id = r.endpoint_id
      group by r.endpoint_id
    ), health as (
      update webhook_endpoints e set
        failing_since = case
          when h.fail_since is null then case when h.ok_at is null then e.failing_since end
          when h.ok_at is null then coalesce(e.failing_since, h.fail_since)
          else h.fail_since end,
        failing_notified_at = case when h.ok_at is null then e.failing_notified_at end,
        last_success_at = coalesce(h.ok_at, e.last_success_at),
        last_failure_error = coalesce(h.fail_error, e.last_failure_error)
      from health_in h
      where e.id = h.endpoint_id and (
        (h.ok_at is not null and (e.failing_since is not null or e.last_success_at is null
          or e.last_success_at < h.ok_at - interval '60 seconds'))
        or (h.fail_error is not null and (e.failing_since is null
          or e.last_failure_error is distinct from h.fail_error))
      )
      returning e.id
    )
    insert into delivery_attempts (${ATTEMPT_INSERT.map(([column]) => column).join(", ")})
    select ${ATTEMPT_INSERT.map(([, field]) => field).join(", ")}
    from recorded
    returning delivery_id`,
};

/**
 * Records a batch of attempts, moves each delivery on and keeps its endpoint's health current
 * (0943), in one statement (data-modifying CTEs: atomic without BEGIN/COMMIT, one round trip; 0950).
 * Each delivery is compare-and-set on its attempt count (`deliveries_pkey`): one already recorded
 * by another claimer is not written, and its attempt is not logged. Health is folded per endpoint
 * over the recorded attempts in finishing order (`webhook_endpoints_pkey`), and the endpoint row
 * is only written when its health changes (or its success stamp is a minute old), so a busy
 * healthy endpoint is not rewritten on every delivery. Returns the ids of the recorded deliveries.
 */
export async function recordBatch(db: Db, batch: readonly RecordInput[]): Promise<Set<string>> {
  // One JSON parameter: the statement text is the same for every batch size, so it is prepared once.
  const rows = await runPrepared(db, RECORD_ATTEMPTS, [withoutNul(JSON.stringify(batch))]);
  return new Set(rows.map((r) => String(r[0])));
}
