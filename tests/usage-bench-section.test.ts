import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { usageBench } from "../bench/sections/usage.mjs";

/** The usage bench section runs end to end at a small size (its figures are the bench's, not a test's). */
describe("bench section: usage", () => {
  it("seeds spans and a session, rolls up, and times both reads", async () => {
    const r = await usageBench(await getDb(), { spans: 3_000, participants: 40, rounds: 3 });
    expect(r.spans).toBe(3_000);
    expect(r.usage_p50_ms).not.toBeNull();
    expect(r.session_p50_ms).not.toBeNull();
    expect(typeof r.met).toBe("boolean");
  });
});
