import { describe, expect, it } from "vitest";
import { majorGcOf } from "../bench/sections/token-mint.mjs";
import { renderMetrics } from "@/lib/observability/metrics";

/**
 * `npm run bench` reads the server's major GCs from its /metrics between rounds (the p99 at 32
 * concurrent largely depends on whether one falls in a round). The reading must follow the name
 * and labels prom-client gives the GC histogram.
 */
describe("majorGcOf (bench)", () => {
  it("reads the count and total pause of major collections, and nothing else", () => {
    const exposition = [
      "# TYPE nodejs_gc_duration_seconds histogram",
      'nodejs_gc_duration_seconds_bucket{le="0.001",kind="minor",service="svc"} 10',
      'nodejs_gc_duration_seconds_sum{kind="minor",service="svc"} 0.5',
      'nodejs_gc_duration_seconds_count{kind="minor",service="svc"} 120',
      'nodejs_gc_duration_seconds_sum{kind="major",service="svc"} 0.0375',
      'nodejs_gc_duration_seconds_count{kind="major",service="svc"} 3',
    ].join("\n");
    expect(majorGcOf(exposition)).toEqual({ major: 3, majorMs: 37.5 });
    expect(majorGcOf('nodejs_gc_duration_seconds_count{kind="minor"} 1')).toBeUndefined();
  });

  it("matches what the app's /metrics exposes", async () => {
    const { body } = await renderMetrics();
    expect(body).toContain("# TYPE nodejs_gc_duration_seconds histogram");
  });
});
