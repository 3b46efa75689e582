import type { z } from "zod";
import type { Db, Tx } from "@/lib/db";
import { dispatch, type HandOff } from "@/lib/jobs/backend";
import type { EventJob, JobItem } from "@/lib/jobs/define-job";
import { log } from "@/lib/log/logger";

const AFTER_COMMIT = Symbol("afterCommit");

interface Pending {
  job: EventJob;
  items: JobItem<z.ZodType>[];
  handOff: HandOff<z.ZodType> | undefined;
}

/**
 * A transaction whose new background work is dispatched when, and only if, it commits. Rows that
 * jobs pick up (outbox deliveries, queued emails) can only be written through one: their writers
 * take a `JobTx`, so no caller can forget the dispatch and no worker looks before the commit.
 */
export type JobTx = Tx & { readonly [AFTER_COMMIT]: Map<string, Pending> };

export async function transactionWithJobs<T>(db: Db, fn: (tx: JobTx) => Promise<T>): Promise<T> {
  const pending = new Map<string, Pending>();
  const result = await db.transaction((tx) => fn(Object.assign(tx, { [AFTER_COMMIT]: pending })));
  for (const p of pending.values()) {
    try {
      await dispatch(p.job, p.handOff ?? p.items);
    } catch (err) {
      // The rows are committed: the job's sweep (or the embedded worker's poll) picks them up.
      log.warn("dispatch after commit failed; the sweep will pick the work up", { job: p.job.id, err });
    }
  }
  return result;
}

/**
 * Dispatches `job` after `tx` commits: with these items, or (for jobs whose items are found in the
 * database at dispatch time) through `handOff`. Several calls for one job in one transaction
 * dispatch once.
 */
export function afterCommit<S extends z.ZodType>(
  tx: JobTx,
  job: EventJob<S>,
  items: readonly JobItem<S>[] | HandOff<S>,
): void {
  let p = tx[AFTER_COMMIT].get(job.id);
  if (!p) {
    // The map erases the payload type; each entry's items and hand-off were checked against its job.
    p = { job: job as unknown as EventJob, items: [], handOff: undefined };
    tx[AFTER_COMMIT].set(job.id, p);
  }
  if (typeof items === "function") p.handOff = items as unknown as HandOff<z.ZodType>;
  else p.items.push(...items);
}
