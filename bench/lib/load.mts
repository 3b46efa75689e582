import autocannon from "autocannon";
import { Agent, request } from "undici";
import { percentile } from "./stats.mjs";

export interface LoadFigures {
  connections: number;
  /** 2xx answers per second over the run. */
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  /** Anything but 2xx (including connection errors): a run with failures is not a valid figure. */
  failures: number;
}

export interface LoadTarget {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

/** Closed-loop load with autocannon: `connections` requests in flight for `seconds`. */
export async function closedLoop(
  target: LoadTarget,
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const r = await autocannon({
    url: target.url,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
    timeout: 30,
  });
  // No answer at all within the run: there is no latency to report (autocannon says 0).
  const answered = r["2xx"] + r.non2xx > 0;
  return {
    connections,
    rps: r["2xx"] / r.duration,
    p50_ms: answered ? r.latency.p50 : Number.NaN,
    p99_ms: answered ? r.latency.p99 : Number.NaN,
    requests: r.requests.total,
    failures: r.non2xx + r.errors,
  };
}

export interface Samples {
  n: number;
  p50_ms: number;
  p99_ms: number;
  failures: number;
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
  };
}
