import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { type Db, deferDbForTests, getDb, getDbDriver } from "@/lib/db";
import { LONG_FILES } from "@/tests/long-first-sequencer";

/** The suite's own machinery (tests/setup.ts, tests/long-first-sequencer.ts). */
describe("the test harness", () => {
  it("opens a file's database on its first use, once", async () => {
    let opened = 0;
    deferDbForTests(async () => {
      opened++;
      return { db: {} as Db, driver: "pglite", close: async () => {} };
    });
    expect(opened).toBe(0);
    await getDb();
    await getDbDriver();
    expect(opened).toBe(1);
  });

  it("names long files that exist", () => {
    for (const f of LONG_FILES) expect(fs.existsSync(f), f).toBe(true);
  });
});
