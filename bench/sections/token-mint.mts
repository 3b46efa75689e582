import { type LoadFigures, type LoadTarget, closedLoop } from "../lib/load.mts";
import { ratio, round } from "../lib/stats.mts";

export const CONCURRENCY = [1, 8, 32, 64] as const;

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
}

export interface TokenMintResult {
  /** At 32 concurrent requests, the reference load. */
  rps: number | null;
  baseline_rps: number | null;
  ratio: number | null;
  p99_ms_c32: number | null;
  seconds_per_level: number;
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

/** Warm-up (JIT, lazily loaded route code, pool connections), then each concurrency level. */
export async function loadLevels(target: LoadTarget, seconds: number): Promise<LoadFigures[]> {
  await probeToken(target);
  await closedLoop(target, 8, Math.min(2, seconds));
  const out: LoadFigures[] = [];
  for (const c of CONCURRENCY) out.push(await closedLoop(target, c, seconds));
  return out;
}

export function combine(app: LoadFigures[], baseline: LoadFigures[] | undefined, seconds: number): TokenMintResult {
  const levels: TokenLevel[] = app.map((a) => {
    const b = baseline?.find((x) => x.connections === a.connections);
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
    };
  });
  const c32 = levels.find((l) => l.connections === 32);
  return {
    rps: c32?.rps ?? null,
    baseline_rps: c32?.baseline_rps ?? null,
    ratio: c32?.ratio ?? null,
    p99_ms_c32: c32?.p99_ms ?? null,
    seconds_per_level: seconds,
    levels,
  };
}
