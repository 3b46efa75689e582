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
