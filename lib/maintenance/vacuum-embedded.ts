import { sql } from "drizzle-orm";
import { getDb, getDbDriver } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { log } from "@/lib/log/logger";

/**
 * Vacuum for the embedded database (docs/decisions/1231). PGlite runs no autovacuum: every update
 * of a delivery (claim, record) leaves a dead row version behind, and nothing ever reclaimed them
 * (dead rows in `deliveries` reached twice the live ones after 6,000 deliveries). This pass does
 * what autovacuum would, with its default thresholds: a table is vacuumed once its dead rows
 * exceed 50 plus 20 % of its live ones (`autovacuum_vacuum_threshold`,
 * `autovacuum_vacuum_scale_factor`). Whichever tables churn, not a fixed list: the class of
 * problem, not one table. On PostgreSQL the pass does nothing: autovacuum runs there, and a VACUUM
 * from every instance would only contend with it.
 */
export const VACUUM_BASE_THRESHOLD = 50;
export const VACUUM_SCALE_FACTOR = 0.2;

export interface TableChurn {
  table: string;
  live: number;
  dead: number;
}

/**
 * Live and dead row versions of every table of the app's schema, as the cumulative statistics
 * have them. PGlite's one backend flushes its statistics at most once a second; the flush is forced
 * first so the counts include the last statements.
 */
export async function tableChurn(): Promise<TableChurn[]> {
  const db = await getDb();
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rows = rowsOf<{ table: string; live: number | string; dead: number | string }>(
    await db.execute(sql`select relname as "table", n_live_tup as live, n_dead_tup as dead
      from pg_stat_user_tables where schemaname = current_schema() order by relname`),
  );
  return rows.map((r) => ({ table: r.table, live: Number(r.live), dead: Number(r.dead) }));
}

/** Whether autovacuum's default rule would vacuum the table now. */
export function needsVacuum(t: TableChurn): boolean {
  return t.dead > VACUUM_BASE_THRESHOLD + VACUUM_SCALE_FACTOR * t.live;
}

/** One pass of the `vacuum-embedded` job: vacuums the tables past the threshold (PGlite only). */
export async function vacuumPass(_ctx: Pick<PassContext, "now">): Promise<PassResult> {
  if ((await getDbDriver()) !== "pglite") return { next: null, summary: { skipped: 1 } };
  const db = await getDb();
  let vacuumed = 0;
  let reclaimed = 0;
  for (const t of await tableChurn()) {
    if (!needsVacuum(t)) continue;
    // Not ANALYZE: the statements' plans are built not to depend on statistics (decision 1105),
    // and statistics that appear one day would change plans nobody measured with them.
    await db.execute(sql`vacuum ${sql.identifier(t.table)}`);
    vacuumed++;
    reclaimed += t.dead;
  }
  if (vacuumed > 0) log.info("vacuumed the embedded database", { tables: vacuumed, dead_rows: reclaimed });
  return { next: null, summary: { vacuumed, reclaimed } };
}
