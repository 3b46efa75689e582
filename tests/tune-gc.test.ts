import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { NO_PRETENURING_FLAG, tuneGc } from "@/lib/server/tune-gc";

/** The server's V8 setting (docs/decisions/0974): no allocation-site pretenuring unless asked. */
describe("tuneGc", () => {
  it("turns V8's allocation-site pretenuring off by default, and leaves V8 alone with `on`", () => {
    const set: string[] = [];
    expect(tuneGc("off", (f) => set.push(f))).toEqual([NO_PRETENURING_FLAG]);
    expect(set).toEqual(["--no-allocation-site-pretenuring"]);
    set.length = 0;
    expect(tuneGc("on", (f) => set.push(f))).toEqual([]);
    expect(set).toEqual([]);
  });

  it("reads SVC_GC_PRETENURING as on or off, off when unset, and refuses anything else", () => {
    expect(parseEnv({}).SVC_GC_PRETENURING).toBe("off");
    expect(parseEnv({ SVC_GC_PRETENURING: "on" }).SVC_GC_PRETENURING).toBe("on");
    expect(() => parseEnv({ SVC_GC_PRETENURING: "yes" })).toThrow(/SVC_GC_PRETENURING/);
  });

  it("names a flag this Node's V8 knows, so setting it at run time is not a silent no-op", () => {
    // V8 prints "unrecognized flag" for a name it does not know (the control below shows it does).
    const run = (flag: string) =>
      spawnSync(process.execPath, ["-e", `require("node:v8").setFlagsFromString(${JSON.stringify(flag)})`], {
        encoding: "utf8",
      });
    const known = run(NO_PRETENURING_FLAG);
    expect(known.status).toBe(0);
    expect(`${known.stdout}${known.stderr}`).not.toMatch(/unrecognized flag/i);
    const unknown = run("--no-allocation-site-pretenurin");
    expect(`${unknown.stdout}${unknown.stderr}`).toMatch(/unrecognized flag/i);
  });
});
