import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";

/**
 * Deletes at most `limit` rows of `table` chosen by `select` (a query returning the key column
 * `key`), oldest first as the select orders them: one short statement, so pruning never holds
 * long locks or bloats one transaction. Returns how many rows went.
 */
export async function deleteBatch(db: DbOrTx, table: string, key: string, select: SQL): Promise<number> {
  const result = await db.execute(sql`
    delete from ${sql.identifier(table)} where ${sql.identifier(key)} in (${select})
    returning 1 as gone`);
  return rowsOf(result).length;
}
