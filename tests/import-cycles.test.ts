import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * No module imports itself back, directly or through others (docs/decisions/1020): `madge
 * --circular` over lib/, app/, db/ and inngest/, with the settings in .madgerc. Dynamic imports
 * count (a job's lazily loaded handler must not import its registry back); type-only imports do
 * not (they are erased: they change no load order), though db/schema.ts imports no domain module
 * even as a type (tests/layers.test.ts).
 */

const run = promisify(execFile);
const MADGE = path.resolve("node_modules/madge/bin/cli.js");

async function cycles(dirs: string[]): Promise<string[][]> {
  const args = [MADGE, "--circular", "--json", "--no-spinner", ...dirs];
  // madge exits with 1 when it finds a cycle; the list is on stdout either way.
  const stdout = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }).then(
    (r) => r.stdout,
    (err: { stdout?: string }) => {
      if (!err.stdout) throw err;
      return err.stdout;
    },
  );
  return JSON.parse(stdout) as string[][];
}

describe("import cycles", () => {
  it("finds none in lib/, app/, db/ and inngest/", { timeout: 180_000 }, async () => {
    expect(await cycles(["lib", "app", "db", "inngest"])).toEqual([]);
  });

  it("would see one (the check can fail)", { timeout: 60_000 }, async () => {
    const found = await cycles(["tests/fixtures/import-cycle"]);
    expect(found).toEqual([["a.ts", "b.ts"]]);
  });
});
