import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import * as schema from "@/db/schema";
import { acquireDataDirLock } from "@/lib/data-dir-lock";
import { env } from "@/lib/env";
import { tracePglite, tracePostgres } from "@/lib/observability/trace-db";
import { tracingEnabled } from "@/lib/observability/tracing";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Domain functions that may run inside a caller's transaction take this. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

interface DbHandle {
  db: Db;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
}

const globalKey = Symbol.for("svc.db");
/** A test file's database, opened on its first use (tests/setup.ts): many files never touch one. */
const deferredKey = Symbol.for("svc.db.deferred");
type GlobalWithDb = typeof globalThis & {
  [globalKey]?: Promise<DbHandle>;
  [deferredKey]?: () => Promise<DbHandle>;
};
const g = globalThis as GlobalWithDb;

export { acquireDataDirLock, DataDirLockedError } from "@/lib/data-dir-lock";

/**
 * PGlite's own start parameters, with 4 MB of shared buffers instead of PostgreSQL's 128 MB:
 * PGlite touches all of them at start, while its data files sit in the OS page cache anyway; a
 * single backend pins few pages, and 4 MB measured as fast as 16 MB (docs/decisions/0863).
 */
const PGLITE_START_PARAMS = [
  ...["--single", "-F", "-O", "-j", "-c", "search_path=public", "-c", "exit_on_error=false"],
  ...["-c", "log_checkpoints=false", "-c", "max_worker_processes=0", "-c", "max_parallel_workers=0"],
  ...["-c", "max_parallel_workers_per_gather=0", "-c", "io_method=sync"],
  ...["-c", "max_parallel_maintenance_workers=0", "-c", "shared_buffers=4MB"],
];

/** PGlite on its own thread (docs/decisions/0863), or on the main thread when configured so. */
async function openPgliteClient(dataDir: string): Promise<PGlite> {
  const options = { startParams: PGLITE_START_PARAMS };
  if (env.SVC_EMBEDDED_DB_THREAD === "worker") {
    const { openPgliteWorker } = await import("@/lib/db-pglite-worker");
    // drizzle's PGlite driver only calls query() and transaction(), which the worker client has.
    return (await openPgliteWorker(dataDir, options)) as unknown as PGlite;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  return PGlite.create(dataDir, options);
}

async function openPglite(): Promise<DbHandle> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const release = acquireDataDirLock(env.SVC_DATA_DIR);
  try {
    const client = await openPgliteClient(path.join(env.SVC_DATA_DIR, "pg"));
    const db = drizzle(tracingEnabled() ? tracePglite(client) : client, { schema }) as unknown as Db;
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      driver: "pglite",
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** The statement deadline's margin over the server's own timeout, so the server's answer comes first. */
const DEADLINE_MARGIN_MS = 500;

/** PostgreSQL with the configured timeouts (docs/decisions/0860). */
export async function openPostgres(
  url: string,
  timeouts: { connectTimeoutMs: number; statementTimeoutMs: number } = {
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  },
): Promise<DbHandle & { resets: () => number }> {
  const { openPostgresPool } = await import("@/lib/db-postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const pool = openPostgresPool(url, {
    max: env.DATABASE_POOL_MAX,
    ...timeouts,
    deadlineMs: timeouts.statementTimeoutMs > 0 ? timeouts.statementTimeoutMs + DEADLINE_MARGIN_MS : 0,
  });
  const client = tracingEnabled() ? tracePostgres(pool.client) : pool.client;
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, driver: "postgres", close: pool.close, resets: pool.resets };
}

function open(): Promise<DbHandle> {
  const existing = g[globalKey];
  if (existing) return existing;
  const deferred = g[deferredKey];
  g[deferredKey] = undefined;
  // Cached on globalThis: Next's dev server re-evaluates modules on reload, the database stays one.
  const handle = deferred ? deferred() : env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite();
  g[globalKey] = handle;
  handle.catch(() => {
    if (g[globalKey] === handle) g[globalKey] = undefined;
  });
  return handle;
}

export async function getDb(): Promise<Db> {
  return (await open()).db;
}

export async function getDbDriver(): Promise<DbHandle["driver"]> {
  return (await open()).driver;
}

export async function closeDb(): Promise<void> {
  const handle = g[globalKey];
  g[globalKey] = undefined;
  if (handle) await (await handle).close();
}

/**
 * Tests hand in how to open their database (a clone of the migrated template, or another server);
 * it is opened on the first use, once. The one way tests swap the database.
 */
export function deferDbForTests(open: () => Promise<DbHandle>): void {
  g[globalKey] = undefined;
  g[deferredKey] = open;
}

/** Applies migrations to a PostgreSQL server (`npm run db:migrate`). */
export async function migratePostgres(url: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end({ timeout: 5 });
  }
}
