import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run weight` (scripts/page-weight.mts), which scripts/e2e.mjs runs after every build: it
 * passes a build whose pages are within 150 kB gzip and fails one with a page over it. The builds
 * here are made up: a runtime chunk every page loads and one page chunk each.
 */

const run = promisify(execFile);
const dirs: string[] = [];

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A `.next` with two pages; `pageKb` of incompressible bytes in the second page's own chunk. */
function fakeBuild(pageKb: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-weight-"));
  dirs.push(dir);
  const chunk = (name: string, bytes: Buffer) => {
    fs.mkdirSync(path.join(dir, "static", "chunks"), { recursive: true });
    fs.writeFileSync(path.join(dir, "static", "chunks", name), bytes);
    return `static/chunks/${name}`;
  };
  const runtime = chunk("runtime.js", crypto.randomBytes(100 * 1024));
  fs.writeFileSync(path.join(dir, "build-manifest.json"), JSON.stringify({ rootMainFiles: [runtime] }));
  const page = (route: string, files: string[]) => {
    const at = path.join(dir, "server", "app", route);
    fs.mkdirSync(at, { recursive: true });
    const manifest = { [`/${route}/page`]: { entryJSFiles: { [`[project]/app/${route}/page`]: files } } };
    fs.writeFileSync(
      path.join(at, "page_client-reference-manifest.js"),
      `globalThis.__RSC_MANIFEST = ${JSON.stringify(manifest)};`,
    );
  };
  page("(console)/small", [chunk("small.js", Buffer.alloc(10 * 1024, "a"))]);
  page("(console)/rooms/[roomId]", [chunk("room.js", crypto.randomBytes(pageKb * 1024))]);
  return dir;
}

const weigh = (dir: string) =>
  run(process.execPath, ["--import", "tsx", "scripts/page-weight.mts", dir]).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
  );

describe("npm run weight", () => {
  it("passes a build whose every page is within 150 kB gzip", async () => {
    const { code, out } = await weigh(fakeBuild(40));
    expect(out).toMatch(/every page within 150 kB gzip/);
    expect(code).toBe(0);
  });

  it("fails, naming the page, when one is over", async () => {
    const { code, out } = await weigh(fakeBuild(60));
    expect(out).toMatch(/\/rooms\/\[roomId\]\s+OVER/);
    expect(out).toMatch(/1 page\(s\) over 150 kB gzip/);
    expect(code).toBe(1);
  });
});
