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
