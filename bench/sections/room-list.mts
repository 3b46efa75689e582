import { Api } from "../lib/api.mjs";
import { countingGcs, type GcProbe, type GcSpan } from "../lib/gc.mjs";
import { closedLoop, mergeLoads, poolSamples, type Samples, sequential } from "../lib/load.mjs";
import { ratio, round } from "../lib/stats.mjs";
import type { ListOrg } from "../prepare.mjs";

export interface ListSize {
  size: number;
  label: string;
  load_seconds: number;
  first_p50_ms: number | null;
  first_p99_ms: number | null;
  first_samples: number;
  deep_p50_ms: number | null;
  deep_p99_ms: number | null;
  deep_samples: number;
  failures: number;
}

/** The largest org's first page under closed-loop load (issue 15: no cliff at 64 concurrent). */
export interface ListLoad {
  size: number;
  connections: number;
  rps: number | null;
  p50_ms: number | null;
  p99_ms: number | null;
  failures: number;
  /** The ramp (not in the figures above): the slowest first request of a new connection. */
  first_request_max_ms: number | null;
  /** The server's major GCs during these rounds, and their pauses in ms (bench/lib/gc.mts). */
  major_gcs: number | null;
  major_gc_ms: number | null;
}

export type RoomListResult = Record<string, number | null | string | ListSize[] | ListLoad[]> & {
  page_size: number;
  sizes: ListSize[];
  concurrent: ListLoad[];
};

export function sizeLabel(size: number): string {
  return size >= 1_000_000 ? `${size / 1_000_000}m` : size >= 1000 ? `${size / 1000}k` : String(size);
}

/**
 * For each org size: unloaded p50/p99 of the first page and of a page 90 % of the way down (the
 * cursor of that row), one request at a time. Keys `p50_ms_<size>` (first page) and
 * `ratio_<largest>_1k` (the worse of the first-page and deep-page p50 ratios).
 */
export async function roomList(
  base: string,
  orgs: ListOrg[],
  password: string,
  opts: { maxRequests: number; maxMs: number; loadSeconds: number; warmupMs?: number; gc?: GcProbe },
): Promise<RoomListResult> {
  const pageSize = 50;
  const sizes: ListSize[] = [];
  const concurrent: ListLoad[] = [];
  const targets = [];
  for (const org of orgs) {
    const api = new Api(base);
    await api.login(org.email, password);
    const headers = { authorization: `Bearer ${api.token}`, accept: "application/json" };
    const url = `${base}/v1/workspace/rooms?limit=${pageSize}`;
    const deepUrl = `${url}&cursor=${encodeURIComponent(org.deepCursor)}`;
    // The deep cursor is built by bench/prepare.mts in the list's own format: check it is accepted.
    const probe = await api.call<{ items: unknown[] }>(
      "GET",
      `/v1/workspace/rooms?limit=${pageSize}&cursor=${encodeURIComponent(org.deepCursor)}`,
    );
    if (probe.items.length === 0) throw new Error(`the deep page of the ${org.size}-room org is empty`);
    targets.push({ org, headers, url, deepUrl, first: [] as Samples[], deep: [] as Samples[] });
  }
  // The sizes take turns in rounds (a quarter of the samples each), so a drift in the machine's
  // speed weighs on every size alike: the flatness ratio compares sizes, not moments.
  const rounds = 4;
  const perRound = {
    ...opts,
    maxRequests: Math.ceil(opts.maxRequests / rounds),
    maxMs: Math.ceil(opts.maxMs / rounds),
  };
  for (let r = 0; r < rounds; r++) {
    for (const t of targets) {
      t.first.push(await sequential({ url: t.url, headers: t.headers }, perRound));
      t.deep.push(await sequential({ url: t.deepUrl, headers: t.headers }, perRound));
    }
  }
  for (const t of targets) {
    const first = poolSamples(t.first);
    const deep = poolSamples(t.deep);
    sizes.push({
      size: t.org.size,
      label: sizeLabel(t.org.size),
      load_seconds: round(t.org.loadMs / 1000) ?? 0,
      first_p50_ms: round(first.p50_ms),
      first_p99_ms: round(first.p99_ms),
      first_samples: first.n,
      deep_p50_ms: round(deep.p50_ms),
      deep_p99_ms: round(deep.p99_ms),
      deep_samples: deep.n,
      failures: first.failures + deep.failures,
    });
  }
  const loaded = targets[targets.length - 1];
  if (loaded) {
    for (const connections of [32, 64]) {
      // Two rounds pooled: one 3-second step swings with the host's speed.
      const runs = [];
      const gcs: GcSpan = { count: 0, ms: 0 };
      for (let r = 0; r < 2; r++) {
        runs.push(
          await countingGcs(opts.gc, gcs, () =>
            closedLoop({ url: loaded.url, headers: loaded.headers }, connections, opts.loadSeconds, {
              warmupMs: opts.warmupMs,
            }),
          ),
        );
      }
      const f = mergeLoads(runs);
      concurrent.push({
        size: loaded.org.size,
        connections,
        rps: round(f.rps),
        p50_ms: round(f.p50_ms),
        p99_ms: round(f.p99_ms),
        failures: f.failures,
        first_request_max_ms: round(f.first_request_max_ms),
        major_gcs: gcs.count,
        major_gc_ms: round(gcs.ms),
      });
    }
  }
  const result: RoomListResult = { page_size: pageSize, sizes, concurrent };
  result.p99_ms_c64 = concurrent.find((c) => c.connections === 64)?.p99_ms ?? null;
  for (const s of sizes) {
    result[`p50_ms_${s.label}`] = s.first_p50_ms;
    result[`p99_ms_${s.label}`] = s.first_p99_ms;
    result[`deep_p50_ms_${s.label}`] = s.deep_p50_ms;
  }
  const small = sizes.find((s) => s.size === 1000);
  const largest = sizes[sizes.length - 1];
  if (small && largest && largest !== small) {
    const first = ratio(largest.first_p50_ms, small.first_p50_ms);
    const deep = ratio(largest.deep_p50_ms, small.deep_p50_ms);
    result[`first_ratio_${largest.label}_1k`] = first;
    result[`deep_ratio_${largest.label}_1k`] = deep;
    // The target holds for both pages, so the headline ratio is the worse of the two.
    result[`ratio_${largest.label}_1k`] = first === null || deep === null ? null : Math.max(first, deep);
  }
  return result;
}
