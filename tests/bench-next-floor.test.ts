import { describe, expect, it } from "vitest";
import type { LoadFigures } from "../bench/lib/load.mjs";
import { nextFloorLine, type ReportInput, targetRows } from "../bench/lib/report.mjs";
import { NEXT_FLOOR_BODY, nextFloorTargets, summarizeNextFloor } from "../bench/sections/next-floor.mjs";

/**
 * `npm run bench` measures Next's own GET, POST and GET answered a turn later on a bare Next app,
 * so the token's ratio to the app's GET floor is shown next to what Next's POST costs and what
 * answering a turn later is worth (bench/README.md at commit cae1580, "tenth" and "thirteenth session"; decision 0977).
 */
const figures = (rps: number, failures = 0): LoadFigures => ({
  connections: 32,
  rps,
  p50_ms: 15.04,
  p99_ms: 31.96,
  requests: rps * 6,
  failures,
  first_request_max_ms: 120,
  first_request_p99_ms: 110,
});

describe("Next's own floor (bench)", () => {
  it("posts a body of a room-token request's shape to the bare POST route", () => {
    const t = nextFloorTargets("http://127.0.0.1:1");
    expect(t.get).toEqual({ url: "http://127.0.0.1:1/get" });
    expect(t.getDeferred).toEqual({ url: "http://127.0.0.1:1/get-deferred" });
    expect(t.post).toMatchObject({ url: "http://127.0.0.1:1/post", method: "POST", body: NEXT_FLOOR_BODY });
    expect(Object.keys(JSON.parse(NEXT_FLOOR_BODY))).toEqual(["roomId", "identity", "role"]);
  });

  it("gives POST and deferred GET over GET, and no ratio when either side had failures", () => {
    const ok = summarizeNextFloor(figures(2000), figures(1800), 3, 2, figures(3100));
    expect(ok).toMatchObject({
      connections: 32,
      rounds: 3,
      round_seconds: 2,
      post_to_get: 0.9,
      deferred_to_get: 1.55,
    });
    expect(ok.get).toEqual({ rps: 2000, p50_ms: 15, p99_ms: 32, failures: 0 });
    expect(ok.get_deferred.rps).toBe(3100);
    const postFailed = summarizeNextFloor(figures(2000), figures(1800, 4), 3, 2, figures(3100));
    expect(postFailed).toMatchObject({ post_to_get: null, deferred_to_get: 1.55 });
    const deferredFailed = summarizeNextFloor(figures(2000), figures(1800), 3, 2, figures(3100, 2));
    expect(deferredFailed).toMatchObject({ post_to_get: 0.9, deferred_to_get: null });
  });

  it("is a context row beside the token target, never a verdict, and a line under the token tables", () => {
    const floor = summarizeNextFloor(figures(2000), figures(1840), 3, 2, figures(2900));
    const report = {
      console: { max_first_load_js_kb_gzip: 149, pages: [] },
      next_floor: floor,
    } as unknown as ReportInput;
    const target = {
      database: "postgres",
      setup: { prepare_seconds: 1, start_seconds: 1 },
      token_mint: { not_available: "left out" },
      room_list: { not_available: "left out" },
      delivery: { not_available: "left out" },
      memory: {},
    };
    const rows = targetRows(target, report);
    const context = rows.find((r) => r.figure.startsWith("bare Next POST"));
    expect(context).toMatchObject({ value: 0.92, target: "context", verdict: "—" });
    expect(rows.indexOf(context as (typeof rows)[number])).toBe(1);
    expect(rows[2]).toMatchObject({ value: 1.45, target: "context", verdict: "—" });
    expect(rows[2]?.figure).toContain("answered a turn later");
    expect(nextFloorLine(floor)).toContain("A POST is 0.92 of a GET");
    expect(nextFloorLine(floor)).toContain("makes the GET 1.45 times as fast");
    // A figure with no bound on this database has no verdict: PGlite's burst p99 (no target there).
    const embedded = targetRows({ ...target, database: "embedded" }, report);
    expect(embedded.find((r) => r.figure.startsWith("event → first attempt p99"))).toMatchObject({
      target: "—",
      verdict: "—",
    });
    expect(nextFloorLine({ not_available: "left out by BENCH_SECTIONS" })).toContain(
      "left out by BENCH_SECTIONS",
    );
  });
});
