import { Agent, Pool, request } from "undici";
import { say } from "./proc.mjs";
import { percentile } from "./stats.mjs";

export interface LoadFigures {
  connections: number;
  /** 2xx answers per second over the measured phase (the ramp is not in it). */
  rps: number;
  /** Of the requests that completed in the measured phase, on established connections. */
  p50_ms: number;
  p99_ms: number;
  /** Requests that completed in the measured phase. */
  requests: number;
  /**
   * Anything but 2xx (including connection errors), in the ramp or the measured phase: a run with
   * failures is not a valid figure.
   */
  failures: number;
  /** The ramp: latency of each connection's first request (accept + first answer), max and p99. */
  first_request_max_ms?: number;
  first_request_p99_ms?: number;
}

/** The samples behind one closed-loop run, so that rounds of one target can be pooled (mergeLoads). */
export interface LoadSamples {
  /** Latency of every request that completed in the measured phase. */
  latencies: number[];
  /** Latency of each connection's first request (the ramp). */
  firstRequests: number[];
  ok: number;
  failures: number;
  /** Length of the measured phase. */
  seconds: number;
}

export interface LoadRun extends LoadFigures {
  samples: LoadSamples;
}

export interface LoadTarget {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function figures(connections: number, s: LoadSamples): LoadFigures {
  const firsts = s.firstRequests;
  return {
    connections,
    rps: s.seconds > 0 ? s.ok / s.seconds : Number.NaN,
    // No answer at all in the measured phase: there is no latency to report (NaN).
    p50_ms: percentile(s.latencies, 50),
    p99_ms: percentile(s.latencies, 99),
    requests: s.latencies.length,
    failures: s.failures,
    first_request_max_ms: firsts.length ? Math.max(...firsts) : Number.NaN,
    first_request_p99_ms: percentile(firsts, 99),
  };
}

/**
 * Steady-state closed loop: `connections` kept-alive connections (an undici Pool, no pipelining),
 * each with one request in flight at a time (request, read the whole body, next request).
 *
 * Why a ramp that is not measured: while its event loop is saturated, Node's HTTP server accepts
 * pending connections about one per loop iteration (40–100 ms each under load; seen as a listen
 * backlog of 55 in `ss -ltn` draining by 1–3 per 50 ms, on a bare node:http server too). A step
 * that opens 64 new connections while the server is still busy therefore waits 0.5–1.7 s for the
 * accepts, which would be the step's p99 on its own; the concurrency targets are about queueing in
 * steady state, so the percentiles are of established connections and the ramp is reported apart.
 *
 * Phase 1 (ramp, not measured): until every connection has completed its first request and at
 * least `warmupMs` has passed; each connection's first-request latency is kept
 * (`first_request_max_ms`, `first_request_p99_ms`). Phase 2: `seconds` long; every request that
 * completes in it counts, with its latency from sending to the end of its body. Request errors
 * count as failures (and the worker pauses 10 ms so a refused connection does not spin).
 */
export async function closedLoop(
  target: LoadTarget,
  connections: number,
  seconds: number,
  opts: { warmupMs?: number } = {},
): Promise<LoadRun> {
  const warmupMs = opts.warmupMs ?? 1000;
  const url = new URL(target.url);
  const pool = new Pool(url.origin, {
    connections,
    pipelining: 1,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  let connects = 0;
  pool.on("connect", () => {
    connects++;
  });
  const samples: LoadSamples = { latencies: [], firstRequests: [], ok: 0, failures: 0, seconds };
  const started = performance.now();
  let firstDone = 0;
  let connectsAtMeasure = 0;
  // Set once the ramp is over: the measured phase is (measureFrom, measureTo].
  let measureFrom = Number.POSITIVE_INFINITY;
  let measureTo = Number.POSITIVE_INFINITY;
  let rampTimer: NodeJS.Timeout | undefined;
  const startMeasuring = () => {
    if (measureFrom !== Number.POSITIVE_INFINITY) return;
    clearTimeout(rampTimer);
    measureFrom = performance.now();
    measureTo = measureFrom + seconds * 1000;
    connectsAtMeasure = connects;
  };
  const once = async (): Promise<{ ok: boolean; error: boolean }> => {
    try {
      const res = await pool.request({
        path: `${url.pathname}${url.search}`,
        method: target.method ?? "GET",
        headers: target.headers,
        body: target.body,
      });
      await res.body.arrayBuffer();
      return { ok: res.statusCode >= 200 && res.statusCode < 300, error: false };
    } catch {
      return { ok: false, error: true };
    }
  };
  // With pipelining 1 a busy connection takes no second request, so the pool opens a connection per
  // request in flight (up to `connections`): the workers' first requests go over distinct new ones.
  const worker = async () => {
    let first = true;
    while (performance.now() < measureTo) {
      const t0 = performance.now();
      const r = await once();
      const t1 = performance.now();
      if (first) {
        first = false;
        samples.firstRequests.push(t1 - t0);
        if (!r.ok) samples.failures++;
        if (++firstDone === connections) {
          const left = started + warmupMs - t1;
          if (left <= 0) startMeasuring();
          else rampTimer = setTimeout(startMeasuring, left);
        }
      } else if (t1 > measureFrom && t1 <= measureTo) {
        samples.latencies.push(t1 - t0);
        if (r.ok) samples.ok++;
        else samples.failures++;
      } else if (!r.ok && t1 <= measureFrom) {
        // A failure in the ramp still invalidates the run.
        samples.failures++;
      }
      if (r.error) await sleep(10);
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    clearTimeout(rampTimer);
    await pool.destroy();
  }
  if (connects > connectsAtMeasure) {
    say(
      `closed loop on ${url.pathname}: ${connects - connectsAtMeasure} connection(s) opened in the measured phase (the server closed some)`,
    );
  }
  return { ...figures(connections, samples), samples };
}

/**
 * `rounds` rounds of several targets in turn (a, b, c, a, b, c, …), so that a drift in the
 * machine's speed weighs on all of them alike. Answers each target's runs in order; a target given
 * as `undefined` (an optional baseline) is skipped and answers none.
 */
export async function inTurns<T>(
  rounds: number,
  runs: ReadonlyArray<(() => Promise<T>) | undefined>,
): Promise<T[][]> {
  const out = runs.map((): T[] => []);
  for (let i = 0; i < rounds; i++) {
    for (const [k, run] of runs.entries()) if (run) out[k]?.push(await run());
  }
  return out;
}

/** Rounds of one target pooled: requests and 2xx over the summed duration, latencies together. */
export function mergeLoads(runs: readonly LoadRun[]): LoadFigures {
  const first = runs[0];
  if (!first) throw new Error("mergeLoads: no runs");
  const pooled: LoadSamples = {
    latencies: runs.flatMap((r) => r.samples.latencies),
    firstRequests: runs.flatMap((r) => r.samples.firstRequests),
    ok: runs.reduce((n, r) => n + r.samples.ok, 0),
    failures: runs.reduce((n, r) => n + r.samples.failures, 0),
    seconds: runs.reduce((n, r) => n + r.samples.seconds, 0),
  };
  return figures(first.connections, pooled);
}

export interface Samples {
  n: number;
  p50_ms: number;
  p99_ms: number;
  failures: number;
  /** Every latency, so that rounds of one target can be pooled (poolSamples). */
  latencies: number[];
}

/** Several sequential runs of one target as one: latencies pooled, failures summed. */
export function poolSamples(runs: readonly Samples[]): Samples {
  const latencies = runs.flatMap((r) => r.latencies);
  return {
    n: latencies.length,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    failures: runs.reduce((n, r) => n + r.failures, 0),
    latencies,
  };
}

const oneConnection = new Agent({ connections: 1 });

/**
 * Unloaded latency: one request at a time on one kept-alive connection, until `maxRequests` or
 * `maxMs` (so a slow query still ends the step in time); each latency includes reading the body.
 */
export async function sequential(
  target: LoadTarget,
  opts: { maxRequests: number; maxMs: number; warmup?: number },
): Promise<Samples> {
  const once = async () => {
    const t0 = performance.now();
    const res = await request(target.url, {
      method: target.method ?? "GET",
      headers: target.headers,
      body: target.body,
      dispatcher: oneConnection,
    });
    await res.body.arrayBuffer();
    return { ms: performance.now() - t0, ok: res.statusCode >= 200 && res.statusCode < 300 };
  };
  for (let i = 0; i < (opts.warmup ?? 3); i++) await once();
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + opts.maxMs;
  while (latencies.length < opts.maxRequests && performance.now() < deadline) {
    const r = await once();
    latencies.push(r.ms);
    if (!r.ok) failures++;
  }
  return {
    n: latencies.length,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    failures,
    latencies,
  };
}
