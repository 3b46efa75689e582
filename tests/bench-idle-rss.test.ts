import { describe, expect, it } from "vitest";
import { idleRss, type Rss } from "../bench/lib/proc.mjs";

/**
 * The bench's idle RSS is the server's size after ten seconds with no request, not at its first
 * answer, which catches start-up still settling (bench/lib/proc.mts, bench/README.md at commit
 * cae1580, "thirteenth session"). The first reading and the largest are reported beside it.
 */
const rss = (mb: number): Rss => ({ server_mb: mb, group_mb: mb, processes: 1 });

describe("idle RSS (bench)", () => {
  it("reports the first reading, the largest, and the last after the idle time", async () => {
    const readings = [277, 294, 294, 285, 247, 243];
    let i = 0;
    const read = () => rss(readings[Math.min(i++, readings.length - 1)] ?? 0);
    const r = await idleRss(read, { idleMs: 50, sampleMs: 5 });
    expect(r.atReady.server_mb).toBe(277);
    expect(r.peak.server_mb).toBe(294);
    expect(r.idle.server_mb).toBe(243);
    // It kept reading for the whole idle time (50 / 5 = 10 samples after the first), not just once.
    expect(i).toBe(11);
  });
});
