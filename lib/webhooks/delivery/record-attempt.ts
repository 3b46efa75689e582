import type { Db } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/db-errors";
import { type PreparedStatement, runPrepared } from "@/lib/db-prepared";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log/logger";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import type { PostResult } from "@/lib/webhooks/delivery/post-webhook";
import type { Verdict } from "@/lib/webhooks/delivery/schedule";

/** What one attempt sent and got: the POST's result and the headers as sent (null: never sent). */
export interface SentAttempt {
  result: PostResult;
  requestHeaders: Record<string, string> | null;
  /** A test event's failure is logged but does not make the endpoint failing (docs/decisions/1074). */
  spareHealth?: boolean;
}

/** One attempt's record, as the batch statement reads it (json_to_recordset, snake_case). */
interface RecordInput {
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

function recordInput(row: DeliveryRow, attempt: number, sent: SentAttempt, verdict: Verdict): RecordInput {
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
        id text, prev int, attempt int, status text, next_attempt_at timestamptz, status_code int,
        error text, completed_at timestamptz, endpoint_id text, succeeded boolean, failed boolean,
        health_error text, started_at timestamptz, finished_at timestamptz, attempt_id text,
        duration_ms int, outcome text, response_body text, request_headers jsonb,
        response_headers jsonb, error_class text)
    ), updated as (
      update deliveries d set
        status = i.status,
        attempt_count = i.attempt,
        next_attempt_at = i.next_attempt_at,
        locked_until = null,
        last_status_code = i.status_code,
        last_error = i.error,
        completed_at = i.completed_at
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
    insert into delivery_attempts
      (id, delivery_id, attempt, started_at, duration_ms, status_code, outcome, response_body, error,
       request_headers, response_headers, error_class)
    select attempt_id, id, attempt, started_at, duration_ms, status_code, outcome, response_body, error,
      request_headers, response_headers, error_class
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
async function recordBatch(db: Db, batch: readonly RecordInput[]): Promise<Set<string>> {
  // One JSON parameter: the statement text is the same for every batch size, so it is prepared once.
  const rows = await runPrepared(db, RECORD_ATTEMPTS, [withoutNul(JSON.stringify(batch))]);
  return new Set(rows.map((r) => String(r[0])));
}

interface Waiting {
  input: RecordInput;
  resolve: (recorded: boolean) => void;
  reject: (err: unknown) => void;
  /** When to stop retrying (epoch ms): the claim's lease end, at most RECORD_RETRY_MS from now. */
  giveUpAt: number;
  /** Statements that failed for this record so far. */
  failures: number;
}

/** Attempts recorded per statement at most, and statements in flight at once per database. */
const MAX_BATCH = 256;
const MAX_FLUSHES = 2;

/**
 * A record the database could not take because it was away (down, restarting, unreachable: not a
 * bad statement) is tried again, backing off from RETRY_FIRST_MS to RETRY_MAX_MS (decision 0969).
 * The attempt was sent: dropping its record would leave the delivery leased to this live instance
 * until the lease runs out (60 s of silence after a database restart) and then send the attempt a
 * second time. Retrying is safe because the record is compare-and-set on the attempt count. It
 * stops at the claim's lease end (after that another claimer may own the row), and at most
 * RECORD_RETRY_MS after the record was asked for (an Inngest step has a wall-clock budget too).
 */
export const RECORD_RETRY_MS = 30_000;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 4_000;
const retryDelay = (failures: number) => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1));

interface Recorder {
  queue: Waiting[];
  flushing: number;
  scheduled: boolean;
}
const recorders = new WeakMap<Db, Recorder>();

/**
 * Takes the next batch: each delivery at most once (a second record of the same delivery, from a
 * racing claimer, waits for the next statement, where its compare-and-set fails).
 */
function takeBatch(rec: Recorder): Waiting[] {
  const ids = new Set<string>();
  const batch: Waiting[] = [];
  const rest: Waiting[] = [];
  for (const w of rec.queue) {
    if (batch.length < MAX_BATCH && !ids.has(w.input.id)) {
      ids.add(w.input.id);
      batch.push(w);
    } else rest.push(w);
  }
  rec.queue = rest;
  return batch;
}

function schedule(db: Db, rec: Recorder): void {
  if (rec.scheduled || rec.flushing >= MAX_FLUSHES || rec.queue.length === 0) return;
  rec.scheduled = true;
  // After this turn of the event loop: the attempts finishing together share one statement.
  setImmediate(() => {
    rec.scheduled = false;
    const batch = takeBatch(rec);
    rec.flushing++;
    recordBatch(
      db,
      batch.map((w) => w.input),
    )
      .then(
        (recorded) => {
          for (const w of batch) w.resolve(recorded.has(w.input.id));
        },
        (err: unknown) => retryOrReject(db, rec, batch, err),
      )
      .finally(() => {
        rec.flushing--;
        schedule(db, rec);
      });
    schedule(db, rec);
  });
}

/** A failed statement's records: queued again after a back-off while worth it, else rejected. */
function retryOrReject(db: Db, rec: Recorder, batch: Waiting[], err: unknown): void {
  const now = Date.now();
  const again: Waiting[] = [];
  let delay = 0;
  for (const w of batch) {
    w.failures++;
    const wait = retryDelay(w.failures);
    if (isDatabaseUnavailable(err) && now + wait < w.giveUpAt) {
      again.push(w);
      delay = Math.max(delay, wait);
    } else w.reject(err);
  }
  if (again.length === 0) return;
  log.warn("webhook attempts not recorded yet: the database is not answering; retrying", {
    attempts: again.length,
    retry_in_ms: delay,
    err,
  });
  const timer = setTimeout(() => {
    rec.queue.push(...again);
    schedule(db, rec);
  }, delay);
  // A process that is shutting down does not wait for it: the lease hands the rows on.
  timer.unref?.();
}

/**
 * Records one attempt (see recordBatch): queued with the attempts that finish at about the same
 * time and written with them in one statement. Resolves to whether this record was written (false:
 * another claimer had recorded the attempt already); rejects with the statement's error, once
 * retrying stopped being worth it (see RECORD_RETRY_MS).
 */
export function recordAttempt(
  db: Db,
  row: DeliveryRow,
  attempt: number,
  sent: SentAttempt,
  verdict: Verdict,
): Promise<boolean> {
  let rec = recorders.get(db);
  if (!rec) {
    rec = { queue: [], flushing: 0, scheduled: false };
    recorders.set(db, rec);
  }
  const input = recordInput(row, attempt, sent, verdict);
  const recorder = rec;
  const lease = row.lockedUntil?.getTime() ?? Number.POSITIVE_INFINITY;
  const giveUpAt = Math.min(lease, Date.now() + RECORD_RETRY_MS);
  return new Promise<boolean>((resolve, reject) => {
    recorder.queue.push({ input, resolve, reject, giveUpAt, failures: 0 });
    schedule(db, recorder);
  });
}
