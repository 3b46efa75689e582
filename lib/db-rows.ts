/**
 * The rows of a `db.execute` result on either driver: postgres.js answers an array of rows, PGlite
 * an object with `rows`. Raw statements (those drizzle's query builder cannot express) read their
 * answer through this, never by inspecting the result's shape themselves.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}
