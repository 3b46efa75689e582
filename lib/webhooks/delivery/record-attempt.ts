import type { Db } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/db-errors";
import { log } from "@/lib/log/logger";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import {
  type RecordInput,
  recordBatch,
  recordInput,
  type SentAttempt,
} from "@/lib/webhooks/delivery/record-statement";
import type { Verdict } from "@/lib/webhooks/delivery/schedule";

export type { SentAttempt };

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
