import { describe, expect, it } from "vitest";
import { checkRuntime, NODE_END_OF_LIFE } from "@/lib/server/check-runtime";

/** The start-up line's runtime check (docs/decisions/0976). */
describe("checkRuntime", () => {
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

  it("names the end of life of a line past it, and nothing for a supported one", () => {
    expect(checkRuntime("v20.20.2", day("2026-11-26"))).toEqual({
      node: "v20.20.2",
      endOfLife: "2026-04-30",
    });
    expect(checkRuntime("v20.20.2", day("2026-04-30"))).toEqual({ node: "v20.20.2" });
    expect(checkRuntime("v20.20.2", day("2026-05-01")).endOfLife).toBe("2026-04-30");
    expect(checkRuntime("v22.21.0", day("2026-11-26"))).toEqual({ node: "v22.21.0" });
    expect(checkRuntime("v24.21.0", day("2026-11-26"))).toEqual({ node: "v24.21.0" });
    expect(checkRuntime("v24.21.0", day("2028-05-01")).endOfLife).toBe("2028-04-30");
  });

  it("treats a line older than any listed as past its end, and a newer unlisted one as supported", () => {
    expect(checkRuntime("v16.20.2", day("2024-01-01")).endOfLife).toBe("before 2025-04-30");
    expect(checkRuntime("v27.0.0", day("2026-11-26"))).toEqual({ node: "v27.0.0" });
    expect(checkRuntime("not a version", day("2026-11-26"))).toEqual({ node: "not a version" });
  });

  it("lists each line from 18 on: even ones end on 30 April three years on, odd ones on 1 June", () => {
    for (const [line, eol] of Object.entries(NODE_END_OF_LIFE)) {
      const major = Number(line);
      expect(eol).toBe(major % 2 === 0 ? `${2016 + major / 2}-04-30` : `${2014 + (major - 1) / 2}-06-01`);
    }
    expect(checkRuntime("v25.2.1", day("2026-11-26")).endOfLife).toBe("2026-06-01");
  });
});
