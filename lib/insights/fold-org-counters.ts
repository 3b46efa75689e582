import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";

/** Deltas folded per statement: a bounded transaction however far behind the fold is. */
const FOLD_BATCH = 5_000;

/**
 * Moves up to FOLD_BATCH deltas into org_counters in one statement (docs/decisions/1203): the
 * deleted deltas and the counters they add to commit together, so a reader (counters plus the
 * deltas left) never counts one twice or misses it. Two folds at once delete disjoint rows (the
 * second skips rows the first deleted). Deltas of an org that no longer exists are dropped.
 */
export async function foldOrgCounters(db: Db): Promise<number> {
  const result = await db.execute(sql`
    WITH moved AS (
      DELETE FROM org_counter_deltas
      WHERE id IN (SELECT id FROM org_counter_deltas ORDER BY id LIMIT ${FOLD_BATCH})
      RETURNING org_id, key, d
    ), summed AS (
      SELECT m.org_id, m.key, sum(m.d)::bigint AS n
      FROM moved m JOIN orgs o ON o.id = m.org_id
      GROUP BY m.org_id, m.key
    ), folded AS (
      INSERT INTO org_counters AS c (org_id, key, n)
      SELECT org_id, key, n FROM summed ORDER BY org_id, key
      ON CONFLICT (org_id, key) DO UPDATE SET n = c.n + excluded.n
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM moved)::int AS n, (SELECT count(*) FROM folded)::int AS f`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export async function foldOrgCountersPass(_ctx: Pick<PassContext, "now">): Promise<PassResult> {
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  let folded = 0;
  for (;;) {
    const n = await foldOrgCounters(db);
    folded += n;
    if (n < FOLD_BATCH) break;
  }
  return { next: null, summary: { folded } };
}
