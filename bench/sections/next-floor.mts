import path from "node:path";
import { closedLoop, inTurns, type LoadFigures, type LoadTarget, mergeLoads } from "../lib/load.mjs";
import { ROOT } from "../lib/proc.mjs";
import { ratio, round } from "../lib/stats.mjs";

/**
 * Next's own floors, with nothing of ours in the way: a bare Next app (bench/baselines/next-floor:
 * no proxy, no instrumentation, no handler wrapper, no database) built with the same `next` and
 * measured at 32 concurrent requests, a GET and a POST that reads its body whole, in turns.
 *
 * Why: the token target compares a POST with a GET (the app's /healthz). A POST costs Next more
 * than a GET before any code of ours runs (its body is wrapped in a web `ReadableStream` and read
 * through it: 2–3 % with the server's GC setting on Node 20, about 10 % on Node 24 or with V8's
 * defaults, decision 0974). The report shows bare POST ÷ bare GET beside that target.
 *
 * A third route answers the GET one turn of the event loop later (`setImmediate`): on these
 * machines that alone has made Next's empty GET 1.4–1.6 times faster at 32 concurrent: the same
 * work in less user time, most likely because a turn's requests then run each half of Next's path
 * together (decision 0977 has what was measured). The token route answers that way (its
 * signature comes back from a worker once per turn) while the app's /healthz floor does not, so
 * deferred GET ÷ GET is shown beside the token target too: it is how much of a ratio above the
 * POST's comes from when the answer is written rather than from what the route costs.
 */
export const NEXT_FLOOR_DIR = path.join(ROOT, "bench", "baselines", "next-floor");

/** The same reference load as the token target's. */
export const NEXT_FLOOR_CONCURRENCY = 32;

/**
 * The size and shape of a room-token request's body (bench/sections/token-mint.mts), so that the
 * bare POST reads what a token request sends.
 */
export const NEXT_FLOOR_BODY = JSON.stringify({
  roomId: "room_01JD0000000000000000000000",
  identity: "bench-user",
  role: "publisher",
});

export interface NextFloorSide {
  rps: number | null;
  p50_ms: number | null;
  p99_ms: number | null;
  failures: number;
}

export interface NextFloorResult {
  connections: number;
  rounds: number;
  round_seconds: number;
  get: NextFloorSide;
  post: NextFloorSide;
  /** The GET answered after `setImmediate` (bench/baselines/next-floor/app/get-deferred). */
  get_deferred: NextFloorSide;
  /** Bare POST req/s over bare GET req/s: what Next's POST costs before any code of ours. */
  post_to_get: number | null;
  /** Deferred GET req/s over GET req/s: what answering a turn later is worth on this machine. */
  deferred_to_get: number | null;
}

export function nextFloorTargets(base: string): {
  get: LoadTarget;
  post: LoadTarget;
  getDeferred: LoadTarget;
} {
  return {
    get: { url: `${base}/get` },
    getDeferred: { url: `${base}/get-deferred` },
    post: {
      url: `${base}/post`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: NEXT_FLOOR_BODY,
    },
  };
}

/** A warm-up of each, then `rounds` rounds of GET, POST and deferred GET in turn, pooled per side. */
export async function measureNextFloor(
  base: string,
  opts: { rounds: number; roundSeconds: number; warmupMs: number },
): Promise<NextFloorResult> {
  const t = nextFloorTargets(base);
  const loop = { warmupMs: opts.warmupMs };
  const sides = [t.get, t.post, t.getDeferred];
  for (const side of sides) await closedLoop(side, 8, Math.min(2, opts.roundSeconds), loop);
  const [gets = [], posts = [], deferred = []] = await inTurns(
    opts.rounds,
    sides.map((side) => () => closedLoop(side, NEXT_FLOOR_CONCURRENCY, opts.roundSeconds, loop)),
  );
  return summarizeNextFloor(
    mergeLoads(gets),
    mergeLoads(posts),
    opts.rounds,
    opts.roundSeconds,
    mergeLoads(deferred),
  );
}

export function summarizeNextFloor(
  get: LoadFigures,
  post: LoadFigures,
  rounds: number,
  roundSeconds: number,
  getDeferred: LoadFigures,
): NextFloorResult {
  const side = (f: LoadFigures): NextFloorSide => ({
    rps: round(f.rps),
    p50_ms: round(f.p50_ms),
    p99_ms: round(f.p99_ms),
    failures: f.failures,
  });
  return {
    connections: get.connections,
    rounds,
    round_seconds: roundSeconds,
    get: side(get),
    post: side(post),
    get_deferred: side(getDeferred),
    // A side with failures measured error answers, not the floor: no ratio.
    post_to_get: get.failures + post.failures > 0 ? null : ratio(post.rps, get.rps),
    deferred_to_get: get.failures + getDeferred.failures > 0 ? null : ratio(getDeferred.rps, get.rps),
  };
}
