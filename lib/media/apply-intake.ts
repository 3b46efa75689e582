import { eq, sql } from "drizzle-orm";
import { type MediaIntakeBody, mediaDeadLetters, mediaIntake, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { type JobTx, transactionWithJobs } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { applyChunk, OBSERVATIONS_PER_TRANSACTION, orderObservations } from "@/lib/media/apply-observations";
import { applyStreamItem } from "@/lib/media/apply-stream-item";
import type { MediaFollowup, MediaObservation } from "@/lib/media/connections";
import { applyMediaReport } from "@/lib/media/ingest-media-report";
import { decodeObservation, decodeReport, decodeStreamReport } from "@/lib/media/intake-codec";
import type { MediaReport } from "@/lib/media/media-report-schema";
import type { QualitySample } from "@/lib/media/qos/quality-sample";
import { runDriverPolicies } from "@/lib/media/run-driver-policies";
import { runMediaFollowups } from "@/lib/media/run-media-followups";
import { countMediaItems } from "@/lib/observability/metrics";
import type { PlaneStreamReport } from "@/lib/streams/plane-stream-report";

/**
 * The apply-media-intake job (docs/decisions/1200): takes the stored media-plane requests and
 * applies them through the pipeline's one transaction shape (lib/media/apply-observations.ts).
 *
 * - Order: a node's requests apply one at a time, oldest first (`seq`): only the head of each
 *   node's stream can be claimed, under a lease, so two instances never apply one node's events
 *   at once, while different nodes apply in parallel.
 * - Progress: `position` (the next item, in the order of orderObservations, then the reports)
 *   commits in the transaction of the items it counts, so a crash re-applies nothing and loses
 *   nothing; the request's row is deleted with its last items.
 * - Retries: a chunk that fails rolls back whole and its items apply one per transaction; an item
 *   that fails waits (0.5, 1, 2, 4 s) and is tried again, up to MAX_ATTEMPTS, holding its node's
 *   stream meanwhile (order matters more than speed); then it is dead-lettered
 *   (media_dead_letters, a log error, `media_intake_items_total{outcome="dead_lettered"}`,
 *   docs/runbook.md) and the stream goes on.
 */

/** Failures of one item before it is dead-lettered. */
export const MAX_ATTEMPTS = 5;
/** How long a claim holds a node's stream; renewed by each committed chunk. */
const LEASE_SEC = 30;
/** A pass stops claiming after this long (the runner's next pass goes on at once). */
const PASS_BUDGET_MS = 5_000;

const backoffMs = (attempts: number) => Math.min(30_000, 500 * 2 ** (attempts - 1));

interface ClaimedRow {
  id: string;
  driver: string;
  node: string;
  body: MediaIntakeBody;
  position: number;
  attempts: number;
}

type Item =
  | { kind: "observations"; list: MediaObservation[] }
  | { kind: "report"; report: MediaReport }
  | { kind: "stream"; report: PlaneStreamReport };
type Flat = MediaObservation | MediaReport | PlaneStreamReport;
/** What each flat item is: an observation, a report, or a plane's stream report. */
type Tag = "o" | "r" | "s";

export async function applyMediaIntakePass(
  ctx: Pick<PassContext, "now">,
  node?: string,
): Promise<PassResult> {
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  const summary = await applyMediaIntake(db, { node, budgetMs: PASS_BUDGET_MS });
  const next = summary.more ? ctx.now : await nextDue(db);
  return { next, summary: { requests: summary.requests, dead_lettered: summary.deadLettered } };
}

/** What applying one stored request did, as the job's log and tests read it. */
export interface IntakeOutcome {
  applied: number;
  ignored: number;
  deadLettered: number;
}

/**
 * The outcomes of the requests this process applied last (bounded): for the operator's debug log
 * and for tests, which post a request and then ask what it changed.
 */
const recent = new Map<string, IntakeOutcome>();
const RECENT_MAX = 2_000;

export function intakeOutcome(intakeId: string): IntakeOutcome | undefined {
  return recent.get(intakeId);
}

export interface IntakeSummary {
  requests: number;
  deadLettered: number;
  /** Work was left because the budget ran out. */
  more: boolean;
}

/**
 * Applies what is due: the head of every node's stream (or `node`'s), again and again until no
 * head is due or the budget is spent. Tests and the bench call it directly.
 */
export async function applyMediaIntake(
  db: Db,
  options: { node?: string | undefined; budgetMs?: number } = {},
): Promise<IntakeSummary> {
  const started = Date.now();
  const summary: IntakeSummary = { requests: 0, deadLettered: 0, more: false };
  for (;;) {
    if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) {
      summary.more = true;
      return summary;
    }
    const claimed = await claimHeads(db, options.node);
    if (claimed.length === 0) return summary;
    const results = await Promise.all(claimed.map((row) => applyRow(db, row)));
    for (const r of results) {
      summary.requests += r.done ? 1 : 0;
      summary.deadLettered += r.deadLettered;
    }
    // Every head claimed waits for a retry: nothing more is due now.
    if (results.every((r) => !r.done)) return summary;
  }
}

/** The oldest stored request of each node (or one node), claimed when due and not leased. */
async function claimHeads(db: Db, node: string | undefined): Promise<ClaimedRow[]> {
  // media_intake_stream_seq_idx: the head of each stream.
  const result = await db.execute(sql`
    update media_intake set lease_until = now() + make_interval(secs => ${LEASE_SEC})
    where id in (
      select distinct on (stream) id from media_intake
      ${node === undefined ? sql`` : sql`where stream = ${node}`}
      order by stream, seq
    )
    and next_at <= now() and (lease_until is null or lease_until < now())
    returning id, driver, node, body, position, attempts`);
  return rowsOf<ClaimedRow>(result);
}

async function nextDue(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: sql<string | null>`min(${mediaIntake.nextAt})` }).from(mediaIntake);
  return row?.at ? new Date(row.at) : null;
}

/** The request's items in the order they apply: observations in chunks, each report, each stream report. */
function itemsOf(body: MediaIntakeBody): {
  flat: Flat[];
  isReport: Tag[];
  samples: QualitySample[];
} {
  // Quality samples change no row: they are judged after the request applied (runDriverPolicies).
  const samples: QualitySample[] = [];
  const applied: MediaObservation[] = [];
  for (const o of body.observations.map(decodeObservation)) {
    if (o.kind === "quality_sample") samples.push(o);
    else applied.push(o);
  }
  const observations = orderObservations(applied);
  const reports = body.reports.map(decodeReport);
  const streamReports = (body.streams ?? []).map(decodeStreamReport);
  return {
    flat: [...observations, ...reports, ...streamReports],
    isReport: [
      ...observations.map((): Tag => "o"),
      ...reports.map((): Tag => "r"),
      ...streamReports.map((): Tag => "s"),
    ],
    samples,
  };
}

/** From `position`, the next item: a chunk of observations (up to the next report) or a report. */
function nextItem(flat: Flat[], isReport: Tag[], position: number, size: number): Item {
  if (isReport[position] === "r") return { kind: "report", report: flat[position] as MediaReport };
  if (isReport[position] === "s") return { kind: "stream", report: flat[position] as PlaneStreamReport };
  let end = position;
  while (end < flat.length && end - position < size && isReport[end] === "o") end++;
  return { kind: "observations", list: flat.slice(position, end) as MediaObservation[] };
}

const countOf = (item: Item) => (item.kind === "observations" ? item.list.length : 1);

async function applyRow(db: Db, row: ClaimedRow): Promise<{ done: boolean; deadLettered: number }> {
  const { flat, isReport, samples } = itemsOf(row.body);
  const followups: MediaFollowup[] = [];
  const outcome: IntakeOutcome = { applied: 0, ignored: 0, deadLettered: 0 };
  let position = row.position;
  let attempts = row.attempts;
  let deadLettered = 0;
  // After a failed chunk (or a retry), one item per transaction until past it.
  let singleUntil = attempts > 0 ? position + 1 : position;
  try {
    // A request of quality samples only has no item to carry its deletion.
    if (position >= flat.length) await db.delete(mediaIntake).where(eq(mediaIntake.id, row.id));
    while (position < flat.length) {
      const size = position < singleUntil ? 1 : OBSERVATIONS_PER_TRANSACTION;
      const item = nextItem(flat, isReport, position, size);
      const to = position + countOf(item);
      const progress = async (tx: JobTx) => {
        if (to >= flat.length) await tx.delete(mediaIntake).where(eq(mediaIntake.id, row.id));
        else
          await tx
            .update(mediaIntake)
            .set({
              position: to,
              attempts: 0,
              lastError: null,
              leaseUntil: sql`now() + make_interval(secs => ${LEASE_SEC})`,
            })
            .where(eq(mediaIntake.id, row.id));
      };
      try {
        if (item.kind === "observations") {
          const r = await applyChunk(db, item.list, row.node, progress);
          followups.push(...r.followups);
          outcome.applied += r.applied;
          outcome.ignored += r.ignored;
          countMediaItems("applied", r.applied);
          countMediaItems("ignored", r.ignored);
          countMediaItems("unchanged", item.list.length - r.applied - r.ignored);
        } else {
          const result =
            item.kind === "report"
              ? await applyReport(db, row.node, item.report, progress)
              : await applyStreamItem(db, row.node, item.report, progress);
          if (result === "applied") outcome.applied++;
          if (result === "ignored") outcome.ignored++;
          countMediaItems(result, 1);
        }
        position = to;
        attempts = 0;
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        // A chunk that failed: its items go again one by one (the first may be the only bad one).
        if (countOf(item) > 1) {
          singleUntil = to;
          log.warn("media intake: a chunk failed; applying its items one by one", {
            intake_id: row.id,
            error,
          });
          continue;
        }
        attempts++;
        countMediaItems("retried", 1);
        if (attempts < MAX_ATTEMPTS) {
          await db
            .update(mediaIntake)
            .set({
              position,
              attempts,
              lastError: error.slice(0, 1000),
              nextAt: sql`now() + make_interval(secs => ${backoffMs(attempts) / 1000})`,
              leaseUntil: null,
            })
            .where(eq(mediaIntake.id, row.id));
          log.warn("media intake: an item failed; it will be retried", {
            intake_id: row.id,
            node: row.node,
            position,
            attempts,
            error,
          });
          return { done: false, deadLettered };
        }
        await deadLetter(db, row, position, flat[position], error, attempts, to >= flat.length);
        deadLettered++;
        outcome.deadLettered++;
        position = to;
        attempts = 0;
      }
    }
    outcome.applied += await runDriverPolicies(
      db,
      row.driver,
      samples,
      flat.flatMap((o, i) => (isReport[i] === "o" && "kind" in o && o.kind === "joined" ? [o.roomId] : [])),
    );
    recent.set(row.id, outcome);
    if (recent.size > RECENT_MAX) {
      const oldest = recent.keys().next().value;
      if (oldest !== undefined) recent.delete(oldest);
    }
    return { done: true, deadLettered };
  } finally {
    await runMediaFollowups(db, followups);
  }
}

/**
 * One report (a recording's start or file, from the driver) in its own transaction with the
 * request's progress. A report about another node's room is ignored; one about a room or
 * recording that no longer matches (deleted since) changes nothing and is not retried.
 */
async function applyReport(
  db: Db,
  node: string,
  report: MediaReport,
  progress: (tx: JobTx) => Promise<void>,
): Promise<"applied" | "unchanged" | "ignored"> {
  try {
    return await transactionWithJobs(db, async (tx) => {
      const [room] = await tx
        .select({ node: rooms.mediaNode })
        .from(rooms)
        .where(eq(rooms.id, report.room_id));
      let outcome: "applied" | "unchanged" | "ignored" = "unchanged";
      if (room && node !== "" && room.node !== node) outcome = "ignored";
      else if (room) outcome = (await applyMediaReport(tx, report)).duplicate ? "unchanged" : "applied";
      await progress(tx);
      return outcome;
    });
  } catch (err) {
    if (!(err instanceof ApiError && (err.code === "not_found" || err.code === "conflict"))) throw err;
    log.warn("a media report matched nothing", { room_id: report.room_id, code: err.code });
    await transactionWithJobs(db, progress);
    return "unchanged";
  }
}

async function deadLetter(
  db: Db,
  row: ClaimedRow,
  position: number,
  item: Flat | undefined,
  error: string,
  attempts: number,
  last: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(mediaDeadLetters).values({
      id: newId("mediaDeadLetter"),
      intakeId: row.id,
      driver: row.driver,
      node: row.node,
      position,
      item: JSON.parse(JSON.stringify(item ?? null)) ?? {},
      error: error.slice(0, 1000),
      attempts,
    });
    if (last) await tx.delete(mediaIntake).where(eq(mediaIntake.id, row.id));
    else
      await tx
        .update(mediaIntake)
        .set({ position: position + 1, attempts: 0, lastError: null })
        .where(eq(mediaIntake.id, row.id));
  });
  countMediaItems("dead_lettered", 1);
  log.error("media intake: an item failed every retry and was dead-lettered (docs/runbook.md)", {
    intake_id: row.id,
    driver: row.driver,
    node: row.node,
    position,
    attempts,
    error,
  });
}
