import { ApiError } from "@/lib/http/errors";

/** PostgreSQL's unique_violation, as both drivers surface it (postgres.js and PGlite). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const rec = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };
    if (rec.code === "23505") {
      if (!constraint) return true;
      const name = rec.constraint_name ?? rec.constraint;
      return name === undefined || name === constraint;
    }
    e = rec.cause;
  }
  return false;
}

/** The SQLSTATE of a database error, as both drivers surface it (possibly wrapped by drizzle). */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Text PostgreSQL cannot store (U+0000, or a character outside the encoding): the client sent it,
 * so it is a 422, not a 500.
 */
export function isUnstorableText(err: unknown): boolean {
  const state = sqlState(err);
  return state === "22021" || state === "22P05";
}

/** Socket-level failures: nothing answers at the database's address. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EADDRNOTAVAIL",
]);
/** postgres.js's own connection errors, and this app's statement deadline (lib/db-postgres.ts). */
const CLIENT_CODES = new Set([
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "DB_DEADLINE",
]);

/**
 * The database cannot serve the request right now — down, restarting, hung, unreachable, out of
 * connections, or the statement timed out — as opposed to a bad query: a 503, not a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === "object"; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code) || CLIENT_CODES.has(code)) return true;
      // 08: connection exception; 57014: statement timeout; 57P01-03: shutting down, crashed,
      // starting up; 53300: too many connections.
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57(014|P0[1-3])$/.test(code) || code === "53300") return true;
    }
    // Node reports a refused dual-stack connect as an AggregateError of per-address errors.
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((x) => isDatabaseUnavailable(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** How long a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The 503 for {@link isDatabaseUnavailable} (docs/decisions/0860): the service recovers by itself. */
export function databaseUnavailable(): ApiError {
  return new ApiError("service_unavailable", "The database is not answering. Retry shortly.", {
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}
