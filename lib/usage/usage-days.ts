/** UTC calendar days as `YYYY-MM-DD` strings: what the usage API takes and the rollup keys. */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The UTC day of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A real calendar day (2026-02-30 is not), as its UTC midnight; null otherwise. */
export function parseDay(value: string): Date | null {
  const m = DAY.exec(value);
  if (!m) return null;
  const at = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) || utcDay(at) !== value ? null : at;
}

export function addDays(day: string, n: number): string {
  const at = parseDay(day);
  if (!at) throw new Error(`not a day: ${day}`);
  return utcDay(new Date(at.getTime() + n * MS_PER_DAY));
}

/** Days from `from` to `to`, both included (1 for one day). */
export function daysInRange(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  if (!a || !b) throw new Error(`not days: ${from}, ${to}`);
  return Math.round((b.getTime() - a.getTime()) / MS_PER_DAY) + 1;
}

/** `YYYY-MM` of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The first day of the month of `day`. */
export const monthStart = (day: string): string => `${monthOf(day)}-01`;

/** The last day of a `YYYY-MM` month. */
export function monthEnd(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return utcDay(new Date(Date.UTC(y ?? 1970, m ?? 1, 0)));
}
