import { countingGcs, type GcProbe, type GcSpan } from "../lib/gc.mjs";
import {
  closedLoop,
  inTurns,
  type LoadFigures,
  type LoadRun,
  type LoadTarget,
  mergeLoads,
} from "../lib/load.mjs";
import { ratio, round } from "../lib/stats.mjs";

export const CONCURRENCY = [1, 8, 32, 64] as const;

/**
 * Rounds per level: app, floor and baseline take turns this many times at each level, so a drift
 * of the machine's speed between steps weighs on all three (the ratio at 32 was noisy with one).
 */
export const ROUNDS: Readonly<Record<number, number>> = { 1: 1, 8: 1, 32: 3, 64: 3 };

/** Each round's measured phase, from the per-level setting: two thirds of it, at least 1 s. */
export function roundSeconds(seconds: number): number {
  return Math.max(1, Math.round((seconds * 2) / 3));
}

export interface TokenLevel {
  connections: number;
  rps: number | null;
  p50_ms: number | null;
  p99_ms: number | null;
  failures: number;
  baseline_rps: number | null;
  baseline_p50_ms: number | null;
  baseline_p99_ms: number | null;
  baseline_failures: number;
  ratio: number | null;
  /** GET /healthz at the same concurrency, measured between the app and the baseline. */
  floor_rps: number | null;
  floor_p50_ms: number | null;
  floor_p99_ms: number | null;
  /** App throughput over the framework floor's: what our own work costs inside Next. */
  floor_ratio: number | null;
  /** Rounds of app, floor and baseline in turn at this level; the figures above pool them. */
  rounds: number;
  /** The ramp, not in the figures above: the slowest first request of a new connection. */
  first_request_max_ms: number | null;
  floor_first_request_max_ms: number | null;
  /**
   * Major (mark-compact) collections in the server during the app's and the floor's rounds at
   * this level (ramps included) and their pauses in ms, from its /metrics: at 32 concurrent one
   * such collection stalls every request in flight for tens of ms, so it decides the p99.
   */
  major_gcs: number | null;
  major_gc_ms: number | null;
  floor_major_gcs: number | null;
  floor_major_gc_ms: number | null;
}

export interface TokenMintResult {
  /** At 32 concurrent requests, the reference load. */
  rps: number | null;
  /**
   * The framework's own ceiling on this machine: the app's GET /healthz (a route handler with no
   * database and no logging) at 32 concurrent. Token minting cannot be faster than this.
   */
  next_floor_rps_c32: number | null;
  baseline_rps: number | null;
  ratio: number | null;
  p99_ms_c32: number | null;
  /** Issue 15's figures: app/floor throughput and p99 at 32 concurrent, and p99 at 64. */
  floor_ratio_c32: number | null;
  floor_p99_ms_c32: number | null;
  p99_to_floor_p99_c32: number | null;
  p99_ms_c64: number | null;
  /** The per-level setting (BENCH_QUICK: 1 s) each round's length is taken from (roundSeconds). */
  seconds_per_level: number;
  /** Length of each round's measured phase (after its ramp), and the rounds at each level. */
  round_seconds: number;
  rounds: Record<string, number>;
  levels: TokenLevel[];
}

export interface TokenRequest {
  projectKey: string;
  roomId: string;
}

export function tokenTarget(base: string, req: TokenRequest): LoadTarget {
  return {
    url: `${base}/v1/auth/tokens/room`,
    method: "POST",
    headers: { authorization: `Bearer ${req.projectKey}`, "content-type": "application/json" },
    body: JSON.stringify({ roomId: req.roomId, identity: "bench-user", role: "publisher" }),
  };
}

/** One request first: anything but a token means the figures below would be of error pages. */
export async function probeToken(target: LoadTarget): Promise<void> {
  const res = await fetch(target.url, { method: "POST", headers: target.headers, body: target.body });
  const text = await res.text();
  if (res.status !== 200 || !text.includes('"token"')) {
    throw new Error(`token mint probe answered ${res.status}: ${text.slice(0, 300)}`);
  }
}

/**
 * Warm-up (JIT, lazily loaded route code, pool connections), then each concurrency level in rounds:
 * the app, the floor and the baseline take turns round by round, so a busy neighbour or a drift in
 * the machine's speed weighs on all three. Each round is one closed loop (its own connections,
 * ramp and measured phase, see closedLoop); a target's rounds at one level are pooled (mergeLoads).
 */
export async function loadLevels(
  app: LoadTarget,
  baseline: LoadTarget | undefined,
  seconds: number,
  opts: { rounds?: Readonly<Record<number, number>>; warmupMs?: number; gc?: GcProbe } = {},
): Promise<{
  app: LoadFigures[];
  baseline: LoadFigures[] | undefined;
  floor: LoadFigures[];
  rounds: Record<number, number>;
  /** Per level, like `app` and `floor`: the server's major GCs during their rounds (no probe: none). */
  gc: { app: LevelGcs[]; floor: LevelGcs[] };
}> {
  const floorTarget = { url: new URL("/healthz", app.url).href };
  const loop = { warmupMs: opts.warmupMs };
  const perRound = roundSeconds(seconds);
  await probeToken(app);
  if (baseline) await probeToken(baseline);
  await closedLoop(app, 8, Math.min(2, seconds), loop);
  await closedLoop(floorTarget, 8, Math.min(2, seconds), loop);
  if (baseline) await closedLoop(baseline, 8, Math.min(2, seconds), loop);
  const a: LoadFigures[] = [];
  const b: LoadFigures[] = [];
  const f: LoadFigures[] = [];
  const gc = { app: [] as LevelGcs[], floor: [] as LevelGcs[] };
  const rounds: Record<number, number> = {};
  const measured = (target: LoadTarget, c: number, span: GcSpan): Promise<LoadRun> =>
    countingGcs(opts.gc, span, () => closedLoop(target, c, perRound, loop));
  for (const c of CONCURRENCY) {
    const n = Math.max(1, (opts.rounds ?? ROUNDS)[c] ?? 1);
    rounds[c] = n;
    const appGc: LevelGcs = { connections: c, count: 0, ms: 0 };
    const floorGc: LevelGcs = { connections: c, count: 0, ms: 0 };
    const [appRuns = [], floorRuns = [], baselineRuns = []] = await inTurns(n, [
      () => measured(app, c, appGc),
      () => measured(floorTarget, c, floorGc),
      baseline && (() => closedLoop(baseline, c, perRound, loop)),
    ]);
    a.push(mergeLoads(appRuns));
    f.push(mergeLoads(floorRuns));
    gc.app.push(appGc);
    gc.floor.push(floorGc);
    if (baseline) b.push(mergeLoads(baselineRuns));
  }
  return { app: a, baseline: baseline ? b : undefined, floor: f, rounds, gc };
}

/** The server's major GCs during one target's rounds at one level. */
export interface LevelGcs extends GcSpan {
  connections: number;
}

export function combine(
  app: LoadFigures[],
  baseline: LoadFigures[] | undefined,
  floor: LoadFigures[],
  seconds: number,
  rounds: Readonly<Record<number, number>> = ROUNDS,
  gc: { app: LevelGcs[]; floor: LevelGcs[] } = { app: [], floor: [] },
): TokenMintResult {
  const levels: TokenLevel[] = app.map((a) => {
    const b = baseline?.find((x) => x.connections === a.connections);
    const f = floor.find((x) => x.connections === a.connections);
    const appGc = gc.app.find((x) => x.connections === a.connections);
    const floorGc = gc.floor.find((x) => x.connections === a.connections);
    return {
      connections: a.connections,
      rps: round(a.rps),
      p50_ms: round(a.p50_ms),
      p99_ms: round(a.p99_ms),
      failures: a.failures,
      baseline_rps: round(b?.rps),
      baseline_p50_ms: round(b?.p50_ms),
      baseline_p99_ms: round(b?.p99_ms),
      baseline_failures: b?.failures ?? 0,
      ratio: ratio(a.rps, b?.rps),
      floor_rps: round(f?.rps),
      floor_p50_ms: round(f?.p50_ms),
      floor_p99_ms: round(f?.p99_ms),
      floor_ratio: ratio(a.rps, f?.rps),
      rounds: rounds[a.connections] ?? 1,
      first_request_max_ms: round(a.first_request_max_ms),
      floor_first_request_max_ms: round(f?.first_request_max_ms),
      major_gcs: appGc?.count ?? null,
      major_gc_ms: round(appGc?.ms),
      floor_major_gcs: floorGc?.count ?? null,
      floor_major_gc_ms: round(floorGc?.ms),
    };
  });
  const c32 = levels.find((l) => l.connections === 32);
  const c64 = levels.find((l) => l.connections === 64);
  return {
    rps: c32?.rps ?? null,
    baseline_rps: c32?.baseline_rps ?? null,
    ratio: c32?.ratio ?? null,
    p99_ms_c32: c32?.p99_ms ?? null,
    next_floor_rps_c32: c32?.floor_rps ?? null,
    floor_ratio_c32: c32?.floor_ratio ?? null,
    floor_p99_ms_c32: c32?.floor_p99_ms ?? null,
    p99_to_floor_p99_c32: ratio(c32?.p99_ms, c32?.floor_p99_ms),
    p99_ms_c64: c64?.p99_ms ?? null,
    seconds_per_level: seconds,
    round_seconds: roundSeconds(seconds),
    rounds: Object.fromEntries(levels.map((l) => [String(l.connections), l.rounds])),
    levels,
  };
}
