import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";

/**
 * Hot statements as server-side prepared statements (docs/decisions/0862): parsed and planned once
 * per connection, then only executed. drizzle plans every statement anew (postgres.js prepares only
 * what drizzle marks, and PGlite's `query` always uses the unnamed statement); on PGlite planning a
 * four-table join costs several times its execution. Rows come back as arrays in column order.
 */
export interface PreparedStatement {
  /** A name unique to this statement text (PGlite's PREPARE namespace). */
  name: string;
  /** PostgreSQL types of `$1`, `$2`, …; empty: the server infers them from the text. */
  types: readonly string[];
  text: string;
}

/** What a prepared statement's parameters may be: each is written as a SQL literal on PGlite. */
export type PreparedParam = string | number | boolean | null;

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
function literal(v: PreparedParam): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error("a prepared-statement parameter is not a finite number");
    return String(v);
  }
  // PostgreSQL cannot hold U+0000 in text. Fail as the server does for a bound parameter
  // (character_not_in_repertoire), so the caller answers 422 like the unprepared path, not 500.
  if (v.includes("\u0000")) {
    throw Object.assign(new Error("a prepared-statement parameter contains U+0000"), { code: "22021" });
  }
  return `'${v.replace(/'/g, "''")}'`;
}

export async function runPrepared(
  db: Db,
  stmt: PreparedStatement,
  params: readonly PreparedParam[],
): Promise<unknown[][]> {
  const client = (db as unknown as { $client: PostgresClient | PgliteClient }).$client;
  if (typeof (client as Partial<PostgresClient>).unsafe === "function") {
    // postgres.js prepares per connection, keyed by the text, when asked to; a transaction-mode
    // pooler may hand each statement another server connection, so it can be turned off.
    const prepare = env.DATABASE_PREPARED_STATEMENTS === "on";
    return (client as PostgresClient).unsafe(stmt.text, [...params], { prepare }).values();
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
      .exec(
        `prepare ${stmt.name}${stmt.types.length > 0 ? `(${stmt.types.join(", ")})` : ""} as ${stmt.text}`,
      )
      .catch((err: unknown) => {
        // The same name always carries the same text in one build, so the prepared one serves.
        if (!isAlreadyPrepared(err)) throw err;
      });
    prepared.set(stmt.name, ready);
    ready.catch(() => prepared?.delete(stmt.name));
  }
  await ready;
  const args = params.length > 0 ? `(${params.map(literal).join(", ")})` : "";
  const res = await pglite.query(`execute ${stmt.name}${args}`, [], {
    rowMode: "array",
  });
  return res.rows as unknown[][];
}

/** Statement names by text, so each text is hashed once per process (and per bundled copy). */
const namesByText = new Map<string, string>();
/**
 * Past this many distinct texts, further ones run unprepared: the texts come from code (values are
 * always parameters), so this only guards against a caller that inlines values into the text,
 * which would otherwise prepare a statement per request.
 */
const MAX_PREPARED_TEXTS = 256;
const dialect = new PgDialect();

/**
 * A drizzle-built statement run as a prepared one (`runPrepared`), named by a hash of its text:
 * bundled copies of this module agree on the name, and one name always means one text. On PGlite
 * planning is most of a simple query's cost (a list page: 1.49 ms planned each time, 0.71 ms
 * prepared; docs/decisions/0972). Returns null when the statement cannot be prepared here (a
 * transaction, a parameter type EXECUTE cannot carry, too many texts): run it the usual way.
 */
export async function runPreparedSql(db: DbOrTx, query: SQL): Promise<unknown[][] | null> {
  if (!("$client" in db)) return null;
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (!params.every(isPreparedParam)) return null;
  let name = namesByText.get(text);
  if (!name) {
    if (namesByText.size >= MAX_PREPARED_TEXTS) return null;
    name = `svc_q_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
    namesByText.set(text, name);
  }
  return runPrepared(db, { name, types: [], text }, params);
}

function isPreparedParam(v: unknown): v is PreparedParam {
  return (
    v === null ||
    typeof v === "string" ||
    typeof v === "boolean" ||
    (typeof v === "number" && Number.isFinite(v))
  );
}
