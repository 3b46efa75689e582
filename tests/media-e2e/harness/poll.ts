/** Polls `check` until it returns a value other than false, null or undefined; throws at the deadline. */
export async function pollUntil<T>(
  what: string,
  timeoutMs: number,
  check: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== false && value !== null && value !== undefined) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
