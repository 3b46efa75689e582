const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
];

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const absolute = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});
const clock = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  fractionalSecondDigits: 3,
  hourCycle: "h23",
  timeZone: "UTC",
});

/**
 * "3 hours ago", "12 seconds ago", relative to a `now` the server chose, so server and browser
 * render the same text. Only the same second reads "just now".
 */
export function formatRelative(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}

/** "22 Nov 2026, 10:00:01 UTC": the exact moment, to the second. */
export function formatAbsolute(iso: string): string {
  return `${absolute.format(new Date(iso))} UTC`;
}

/** "10:00:01.234": the time of day to the millisecond, for events seconds apart (delivery attempts). */
export function formatClock(iso: string): string {
  return clock.format(new Date(iso));
}

/** A relative time with the exact one (seconds, UTC) on hover and in `dateTime`. */
export function Time({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={formatAbsolute(iso)}>
      {formatRelative(iso, now)}
    </time>
  );
}
