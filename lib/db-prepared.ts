import type { Db } from "@/lib/db";

/**
 * Hot statements as server-side prepared statements (docs/decisions/0862): parsed and planned once
 * per connection, then only executed. drizzle plans every statement anew (postgres.js prepares only
 * what drizzle marks, and PGlite's `query` always uses the unnamed statement); on PGlite planning a
 * four-table join costs several times its execution. Rows come back as arrays in column order.
 */
export interface PreparedStatement {
  /** A name unique to this statement text (PGlite's PREPARE namespace). */
  name: string;
  /** PostgreSQL types of `$1`, `$2`, … */
  types: readonly string[];
  text: string;
}

type PostgresClient = {
  unsafe: (
    text: string,
    params: unknown[],
    opts: { prepare: boolean },
  ) => { values: () => Promise<unknown[][]> };
};
type PgliteClient = {
  exec: (text: string) => Promise<unknown>;
  query: (text: string, params: unknown[], opts: { rowMode: "array" }) => Promise<{ rows: unknown[] }>;
};

/**
 * Which statements each PGlite client has prepared. On globalThis, not in this module: a Next build
 * bundles this module into several route chunks, each with its own module state, while they all
 * share the one embedded connection; a per-module map made the second chunk PREPARE again and fail
 * with 42P05 "prepared statement already exists".
 */
const REGISTRY = Symbol.for("svc.db-prepared");
type Registry = WeakMap<object, Map<string, Promise<unknown>>>;
const shared = globalThis as { [REGISTRY]?: Registry };
shared[REGISTRY] ??= new WeakMap();
const preparedOn: Registry = shared[REGISTRY];

/** PostgreSQL's duplicate_prepared_statement: another copy of this code prepared it first. */
const isAlreadyPrepared = (err: unknown) => (err as { code?: unknown } | null)?.code === "42P05";

/** A parameter as a SQL literal: EXECUTE takes no bind parameters on PGlite's single connection. */
function literal(v: string | null): string {
  if (v === null) return "null";
  // Callers pass hashes and checked identifiers; a NUL cannot be stored in text at all.
  if (v.includes("\u0000")) throw new Error("a prepared-statement parameter contains U+0000");
  return `'${v.replace(/'/g, "''")}'`;
}

export async function runPrepared(
  db: Db,
  stmt: PreparedStatement,
  params: readonly (string | null)[],
): Promise<unknown[][]> {
  const client = (db as unknown as { $client: PostgresClient | PgliteClient }).$client;
  if (typeof (client as Partial<PostgresClient>).unsafe === "function") {
    // postgres.js prepares per connection, keyed by the text, when asked to.
    return (client as PostgresClient).unsafe(stmt.text, [...params], { prepare: true }).values();
  }
  const pglite = client as PgliteClient;
  let prepared = preparedOn.get(pglite);
  if (!prepared) {
    prepared = new Map();
    preparedOn.set(pglite, prepared);
  }
  let ready = prepared.get(stmt.name);
  if (!ready) {
    ready = pglite
      .exec(`prepare ${stmt.name}(${stmt.types.join(", ")}) as ${stmt.text}`)
      .catch((err: unknown) => {
        // The same name always carries the same text in one build, so the prepared one serves.
        if (!isAlreadyPrepared(err)) throw err;
      });
    prepared.set(stmt.name, ready);
    ready.catch(() => prepared?.delete(stmt.name));
  }
  await ready;
  const res = await pglite.query(`execute ${stmt.name}(${params.map(literal).join(", ")})`, [], {
    rowMode: "array",
  });
  return res.rows as unknown[][];
}
