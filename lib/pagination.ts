import { and, type SQL, type Subquery, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { COUNT_CAP } from "@/lib/count-cap";
import type { DbOrTx } from "@/lib/db";
import { runPreparedSql } from "@/lib/db-prepared";
import { rowsOf } from "@/lib/db-rows";
import { validationError } from "@/lib/http/errors";

/** The one pagination scheme: newest first by (created_at, id), keyset, fetch limit + 1. */

export const limitParam = z.coerce
  .number({ error: "limit must be an integer from 1 to 200" })
  .int("limit must be an integer from 1 to 200")
  .min(1, "limit must be an integer from 1 to 200")
  .max(200, "limit must be an integer from 1 to 200")
  .default(50);

export const pageQuery = z.object({
  limit: z.preprocess((v) => (v === "" ? undefined : v), limitParam),
  cursor: z.string().max(512).optional(),
});

export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString("base64url");
}

export function decodeCursor(raw: string): Cursor {
  const bad = () =>
    validationError([{ path: "cursor", message: "cursor is not a value this API returned." }]);
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2) throw bad();
    const [iso, id] = parsed;
    if (typeof iso !== "string" || typeof id !== "string" || id.length === 0 || id.length > 64) throw bad();
    const createdAt = new Date(iso);
    if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== iso) throw bad();
    return { createdAt, id };
  } catch {
    throw bad();
  }
}

/**
 * WHERE fragment: rows strictly after the cursor in (created_at desc, id desc) order. A row-value
 * comparison, so PostgreSQL uses it as an index condition and starts the scan at the cursor; the
 * `a < x OR (a = x AND b < y)` form was a filter that walked every row before the cursor.
 */
export function afterCursor(
  createdAtCol: PgColumn,
  idCol: PgColumn,
  cursor: string | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  const c = decodeCursor(cursor);
  return sql`(${createdAtCol}, ${idCol}) < (${c.createdAt.toISOString()}::timestamptz, ${c.id})`;
}

/**
 * Newest first, NULLS LAST like the `(…, created_at desc, id desc)` indexes drizzle creates: a bare
 * `desc` means NULLS FIRST to PostgreSQL, which then cannot read the index in order and sorts every
 * row of the org instead (the columns are NOT NULL, so the order is the same).
 */
export function newestFirst(createdAtCol: PgColumn, idCol: PgColumn): SQL[] {
  return [sql`${createdAtCol} desc nulls last`, sql`${idCol} desc nulls last`];
}

/** `%text%` for ILIKE, with the pattern's own characters escaped: a list's "contains" search (issue 49). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Turns limit + 1 fetched rows into a page. */
export function toPage<Row extends { createdAt: Date; id: string }, Item>(
  rows: Row[],
  limit: number,
  serialize: (row: Row) => Item,
): { items: Item[]; next_cursor: string | null } {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(serialize),
    next_cursor: hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** A table listed by this scheme: its rows carry `created_at` and `id` (the keyset). */
type KeysetTable = PgTable & { createdAt: PgColumn; id: PgColumn };

/** The columns a list selects: the serializer's, always with the keyset's two. */
export type ListColumns = Record<string, PgColumn> & { createdAt: PgColumn; id: PgColumn };

/** A selected row, typed as drizzle types that selection (`$type` included). */
export type RowOf<S extends Record<string, PgColumn>> = {
  [K in keyof S]: S[K]["_"]["notNull"] extends true ? S[K]["_"]["data"] : S[K]["_"]["data"] | null;
};

/**
 * One page of `table`, newest first, of the rows matching every filter (undefined ones are
 * skipped) after the query's cursor. Each list's index is `(org_id, …, created_at desc, id desc)`.
 * Only `columns` are read, and the page comes back as ONE JSON value built by the database
 * (`json_agg`), mapped back through each column's own driver mapping: decoding every field of 51
 * rows was the embedded database's largest cost under concurrent lists (its worker thread
 * saturated first; measured on PGlite: 1.0 ms per page as rows, 0.57 ms as one JSON text), and
 * postgres.js parses one text field instead of every cell too (issue 15; decisions 0864, 0968).
 * A list whose serializer reads the whole row passes `getTableColumns(table)`.
 */
export async function listNewestFirst<T extends KeysetTable, S extends ListColumns, Item>(
  db: DbOrTx,
  table: T,
  filters: (SQL | undefined)[],
  q: { limit: number; cursor?: string | undefined },
  serialize: (row: RowOf<S>) => Item,
  columns: S,
): Promise<{ items: Item[]; next_cursor: string | null }> {
  const page = db
    .select(columns as Record<string, PgColumn>)
    .from(table as PgTable)
    .where(and(...filters, afterCursor(table.createdAt, table.id, q.cursor)))
    .orderBy(...newestFirst(table.createdAt, table.id))
    .limit(q.limit + 1);
  const createdAt = sql.identifier(table.createdAt.name);
  const id = sql.identifier(table.id.name);
  const query = sql`select coalesce(json_agg(p order by p.${createdAt} desc, p.${id} desc), '[]')::text from (${page}) p`;
  // Prepared per connection: planning was half of a page's cost on PGlite (decision 0972).
  const prepared = await runPreparedSql(db, query);
  const rows = decodeJsonPage(firstCell(prepared ?? (await db.execute(query))), columns);
  // drizzle cannot infer a selection's row through a generic S; RowOf<S> is the type it gives S.
  return toPage(rows as unknown as (RowOf<S> & Cursor)[], q.limit, serialize);
}

/** The single text cell of a one-row, one-column answer. */
function firstCell(result: unknown): string {
  const row = rowsOf<Record<string, unknown> | unknown[]>(result)[0];
  const cell = Array.isArray(row) ? row[0] : row ? Object.values(row)[0] : undefined;
  if (typeof cell !== "string") throw new Error("a list page came back without its JSON");
  return cell;
}

/** JSON objects keyed by column name, to rows keyed as `columns` is, each value as drizzle maps it. */
export function decodeJsonPage(text: string, columns: Record<string, PgColumn>): Record<string, unknown>[] {
  const fields = Object.entries(columns);
  return (JSON.parse(text) as Record<string, unknown>[]).map((obj) => {
    const row: Record<string, unknown> = {};
    for (const [key, col] of fields) {
      const value = obj[col.name];
      row[key] = value === null || value === undefined ? null : col.mapFromDriverValue(value);
    }
    return row;
  });
}

/**
 * How many rows of `from` match every filter, counted up to COUNT_CAP + 1 (more means "more than
 * COUNT_CAP"): the "of 66" of a console list (issue 49). It reads the same index as the list's
 * page, stopping after the cap, so a large org's count costs at most that many index entries.
 */
export async function countUpTo(db: DbOrTx, from: PgTable, filters: (SQL | undefined)[]): Promise<number> {
  return countSelectionUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(from)
      .where(and(...filters)),
  );
}

/** A selection that can be capped and used as a subquery (drizzle's select builders). */
interface Cappable {
  limit(n: number): { as(alias: string): Subquery };
}

/** `countUpTo` of a selection with joins (e.g. recordings filtered by their room's name). */
export async function countSelectionUpTo(db: DbOrTx, selection: Cappable): Promise<number> {
  const capped = selection.limit(COUNT_CAP + 1).as("capped");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}
