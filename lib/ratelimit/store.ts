import { type SQL, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { env } from "@/lib/env";

export type RateLimitStore = "memory" | "postgres" | "redis";

/**
 * Counters shared by every instance when there is a Redis or PostgreSQL server; one process's
 * memory otherwise.
 */
export function rateLimitStore(): RateLimitStore {
  return env.SVC_RATE_LIMIT_STORE ?? (env.REDIS_URL ? "redis" : env.DATABASE_URL ? "postgres" : "memory");
}

/** The table the PostgreSQL store keeps counters in (created by our migrations, not by the library). */
export const RATE_LIMIT_TABLE = "rate_limits";

interface PgQuery {
  text: string;
  values?: unknown[];
}

/** `$n` placeholders of the library's SQL, bound as drizzle parameters. */
function bind(q: PgQuery): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of q.text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(q.text.slice(last, m.index)));
    chunks.push(sql`${q.values?.[Number(m[1]) - 1] ?? null}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(q.text.slice(last)));
  return sql.join(chunks);
}

/**
 * rate-limiter-flexible's PostgreSQL store talks to a `pg`-style pool (`query({text, values})` →
 * `{rows, rowCount}`). This adapter runs those statements on the app's own database, so the
 * counters live in the same PostgreSQL (or PGlite) as everything else, through one pool.
 */
export const pgPoolAdapter = {
  async query(q: PgQuery): Promise<{ rows: Record<string, unknown>[]; rowCount: number }> {
    const result: unknown = await (await getDb()).execute(bind(q));
    const raw = rowsOf<Record<string, unknown>>(result);
    // int8 `expire` arrives as a string (postgres.js) or a bigint (PGlite); the library does arithmetic on it.
    const rows = raw.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [
          k,
          typeof v === "bigint" || (k === "expire" && typeof v === "string") ? Number(v) : v,
        ]),
      ),
    );
    const affected =
      (result as { count?: number; affectedRows?: number }).count ??
      (result as { affectedRows?: number }).affectedRows;
    return { rows, rowCount: Math.max(rows.length, affected ?? 0) };
  },
};
