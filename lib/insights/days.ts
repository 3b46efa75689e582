/** The overview's window: the last 7 UTC days, today included, oldest first, as `YYYY-MM-DD`. */
export const DAYS = 7;

export function lastDays(now: Date, days = DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Midnight UTC that starts the window. */
export function windowStart(now: Date, days = DAYS): Date {
  return new Date(`${lastDays(now, days)[0]}T00:00:00.000Z`);
}

/** A series over `days` from rows of (day, n); days without a row count 0. */
export function series(days: string[], rows: readonly { day: string; n: number }[]): number[] {
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.day, (by.get(r.day) ?? 0) + Number(r.n));
  return days.map((d) => by.get(d) ?? 0);
}
