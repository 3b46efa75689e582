/**
 * `npm run weight`: a LOWER BOUND of the first-load JS of every page of the existing `.next` build
 * (the budget itself is measured in a cold Chromium by e2e/page-weight.spec.ts, decision 1307:
 * this misses the chunks a page requests while it hydrates), measured as
 * `npm run bench` does (bench/lib/console-js.mts: runtime chunks plus each page's client chunks,
 * gzip level 6), against issue 13's budget of 150 kB gzip. Exits 1 when a page is over it.
 * Run `next build` first (`npm run build`; `npm run test:e2e` runs this after its build, so CI
 * fails on a page over the budget). An argument names another build directory (tests/page-weight).
 */
import fs from "node:fs";
import path from "node:path";
import { measureConsoleJs } from "../bench/lib/console-js.mjs";

const BUDGET_KB = 150;
const nextDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "..", ".next"));
if (!fs.existsSync(path.join(nextDir, "build-manifest.json"))) {
  process.stderr.write("No build in .next: run `npm run build` first.\n");
  process.exit(2);
}
const pages = measureConsoleJs(nextDir).sort((a, b) => b.gzip_kb - a.gzip_kb);
for (const p of pages) {
  const mark = p.gzip_kb > BUDGET_KB ? "  OVER" : "";
  process.stdout.write(`${p.gzip_kb.toFixed(1).padStart(6)} kB  ${p.route}${mark}\n`);
}
const over = pages.filter((p) => p.gzip_kb > BUDGET_KB);
process.stdout.write(
  over.length === 0
    ? `every page within ${BUDGET_KB} kB gzip (largest ${pages[0]?.route} ${pages[0]?.gzip_kb} kB)\n`
    : `${over.length} page(s) over ${BUDGET_KB} kB gzip\n`,
);
process.exit(over.length === 0 ? 0 : 1);
