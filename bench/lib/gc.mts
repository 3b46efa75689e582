/**
 * The app server's major (mark-compact) GCs, read from its /metrics (prom-client's
 * nodejs_gc_duration_seconds, kind="major") around a measured round. Under 32 or 64 concurrent
 * requests one such collection holds every request in flight for tens of ms, so whether one falls
 * in a round largely decides that round's p99 (bench/README.md at commit cae1580, "Issue 15, ninth session").
 */

/** The server's major GCs so far: count and total pause. */
export interface GcReading {
  major: number;
  majorMs: number;
}
export type GcProbe = () => Promise<GcReading | undefined>;

/** Major GCs during some rounds; null once a reading was missing. */
export interface GcSpan {
  count: number | null;
  ms: number | null;
}

/** Major-GC figures from a Prometheus text exposition, or undefined when it has none. */
export function majorGcOf(exposition: string): GcReading | undefined {
  const value = (suffix: string) => {
    const line = exposition
      .split("\n")
      .find((l) => l.startsWith(`nodejs_gc_duration_seconds_${suffix}{`) && l.includes('kind="major"'));
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
  };
  const count = value("count");
  const sum = value("sum");
  return count === undefined || sum === undefined ? undefined : { major: count, majorMs: sum * 1000 };
}

/** Runs `round`, adding the server's major GCs during it to `span` (no probe: the span is null). */
export async function countingGcs<T>(
  probe: GcProbe | undefined,
  span: GcSpan,
  round: () => Promise<T>,
): Promise<T> {
  const before = await probe?.();
  const result = await round();
  const after = await probe?.();
  if (before && after && span.count !== null && span.ms !== null) {
    span.count += after.major - before.major;
    span.ms += after.majorMs - before.majorMs;
  } else {
    span.count = null;
    span.ms = null;
  }
  return result;
}
