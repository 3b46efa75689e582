import { z } from "zod";
import { bool, optionalString } from "@/lib/env-fields";

/**
 * The database (PostgreSQL or the embedded PGlite) and the data directory. Declared here, assembled and read by lib/env.ts (the one reader of process.env), whose
 * descriptions docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const databaseSettings = {
  /**
   * PostgreSQL URL (`postgres://user:pass@host:5432/db`); without it the embedded PGlite is used.
   * @example postgres://user:pass@host:5432/db
   */
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** Apply migrations to DATABASE_URL at start-up (single-node self-hosting; off by default). */
  SVC_MIGRATE_ON_START: bool,
  /** postgres.js connection pool size per process. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Give up on a PostgreSQL connection attempt (TCP and handshake) after this long. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /**
   * The server cancels a statement after this long, and a statement with no answer 1 s later
   * fails here (a hung server): requests answer 503 instead of hanging. 0 turns both off.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /**
   * Hot statements (keys, sessions, list pages, deliveries) as named prepared statements on each
   * PostgreSQL connection. `off` behind a transaction-mode pooler that cannot keep them
   * (PgBouncer before 1.21, or without max_prepared_statements; Supavisor in transaction mode).
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
  /** Embedded database, local object store, local mailbox and generated secrets. */
  SVC_DATA_DIR: z.string().default("./.data"),
  /** Where the embedded PGlite runs: its own `worker` thread (default) or the `main` thread. */
  SVC_EMBEDDED_DB_THREAD: z.enum(["worker", "main"]).default("worker"),
  /** Seed demo data on the first start of the embedded database (dev only by default). */
  SVC_SEED_ON_START: z.enum(["auto", "always", "never"]).default("auto"),
};
