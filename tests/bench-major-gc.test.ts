import { describe, expect, it } from "vitest";
import { renderMetrics } from "@/lib/observability/metrics";
import { countingGcs, type GcReading, type GcSpan, majorGcOf } from "../bench/lib/gc.mjs";

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

  it("adds the collections during each round to its span, and gives up on a missing reading", async () => {
    const readings: Array<GcReading | undefined> = [
      { major: 2, majorMs: 20 },
      { major: 3, majorMs: 31 },
      { major: 3, majorMs: 31 },
      { major: 5, majorMs: 50 },
    ];
    const probe = async () => readings.shift();
    const span: GcSpan = { count: 0, ms: 0 };
    expect(await countingGcs(probe, span, async () => "round 1")).toBe("round 1");
    await countingGcs(probe, span, async () => "round 2");
    expect(span).toEqual({ count: 3, ms: 30 });
    await countingGcs(probe, span, async () => "round 3");
    expect(span).toEqual({ count: null, ms: null });
    const unprobed: GcSpan = { count: 0, ms: 0 };
    await countingGcs(undefined, unprobed, async () => "round");
    expect(unprobed).toEqual({ count: null, ms: null });
  });

  it("matches what the app's /metrics exposes", async () => {
    const { body } = await renderMetrics();
    expect(body).toContain("# TYPE nodejs_gc_duration_seconds histogram");
  });
});
