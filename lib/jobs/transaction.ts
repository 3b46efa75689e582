import type { z } from "zod";
import type { Db, Tx } from "@/lib/db";
import { dispatch } from "@/lib/jobs/backend";
import type { EventJobSpec, JobItem } from "@/lib/jobs/define-job";
import { log } from "@/lib/log/logger";

const AFTER_COMMIT = Symbol("afterCommit");

interface Pending {
  job: EventJobSpec;
  items: JobItem<z.ZodType>[];
}

/**
 * A transaction whose new background work is dispatched when, and only if, it commits. Rows that
 * jobs pick up (outbox deliveries, queued emails) can only be written through one: their writers
 * take a `JobTx`, so no caller can forget the dispatch and no worker looks before the commit.
 * Dispatch is plain data (the items the writer built in the transaction): nothing calls back into
 * domain code after the commit (docs/decisions/1020).
 */
export type JobTx = Tx & { readonly [AFTER_COMMIT]: Map<string, Pending> };

export async function transactionWithJobs<T>(db: Db, fn: (tx: JobTx) => Promise<T>): Promise<T> {
  const pending = new Map<string, Pending>();
  const result = await db.transaction((tx) => fn(Object.assign(tx, { [AFTER_COMMIT]: pending })));
  for (const p of pending.values()) {
    try {
      await dispatch(p.job, p.items);
    } catch (err) {
      // The rows are committed: the job's sweep (or the embedded worker's poll) picks them up.
      log.warn("dispatch after commit failed; the sweep will pick the work up", { job: p.job.id, err });
    }
  }
  return result;
}

/**
 * Dispatches `items` of `job` after `tx` commits. Several calls for one job in one transaction
 * dispatch once, with all their items.
 */
export function afterCommit<S extends z.ZodType>(
  tx: JobTx,
  job: EventJobSpec<S>,
  items: readonly JobItem<S>[],
): void {
  let p = tx[AFTER_COMMIT].get(job.id);
  if (!p) {
    // The map erases the payload type: dispatch parses each item with its job's schema again.
    p = { job, items: [] };
    tx[AFTER_COMMIT].set(job.id, p);
  }
  p.items.push(...items);
}
