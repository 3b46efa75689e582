import { Api } from "../lib/api.mjs";
import { closedLoop, sequential } from "../lib/load.mjs";
import { round } from "../lib/stats.mjs";
import type { Fixture } from "../prepare.mjs";

export interface MembersResult {
  members: number;
  load_seconds: number;
  first_p50_ms: number | null;
  first_p99_ms: number | null;
  samples: number;
  c64_rps: number | null;
  c64_p99_ms: number | null;
  /** The ramp at 64 concurrent (not in c64_p99_ms): the slowest first request of a new connection. */
  c64_first_request_max_ms: number | null;
  failures: number;
}

/** A 404/405 means the endpoint is not built yet (the teams issue adds it): the caller reports it. */
export class MembersNotAvailable extends Error {}

/**
 * GET /v1/workspace/members?limit=50 in an org of 10k members: unloaded p50/p99 of the first page,
 * and the same page at 64 concurrent (steady state on established connections, see closedLoop).
 */
export async function membersList(
  base: string,
  fixture: Fixture,
  opts: { maxRequests: number; maxMs: number; loadSeconds: number; warmupMs?: number },
): Promise<MembersResult> {
  const api = new Api(base);
  await api.login(fixture.members.email, fixture.password);
  const url = `${base}/v1/workspace/members?limit=50`;
  const headers = { authorization: `Bearer ${api.token}`, accept: "application/json" };
  const probe = await fetch(url, { headers });
  const text = await probe.text();
  if (probe.status === 404 || probe.status === 405) {
    throw new MembersNotAvailable(`GET /v1/workspace/members answers ${probe.status} (not on main yet)`);
  }
  if (probe.status !== 200) throw new Error(`members list answered ${probe.status}: ${text.slice(0, 200)}`);
  const first = await sequential({ url, headers }, opts);
  const loaded = await closedLoop({ url, headers }, 64, opts.loadSeconds, { warmupMs: opts.warmupMs });
  return {
    members: fixture.members.size,
    load_seconds: round(fixture.members.loadMs / 1000) ?? 0,
    first_p50_ms: round(first.p50_ms),
    first_p99_ms: round(first.p99_ms),
    samples: first.n,
    c64_rps: round(loaded.rps),
    c64_p99_ms: round(loaded.p99_ms),
    c64_first_request_max_ms: round(loaded.first_request_max_ms),
    failures: first.failures + loaded.failures,
  };
}
