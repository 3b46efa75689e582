// Builds the package twice from one source: ESM (dist/esm, the package is "type": "module") and
// CommonJS (dist/cjs, marked by its own package.json), each with its own declarations, so both
// `import` and `require` get types that match what they load. Only TypeScript is needed.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const here = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");

fs.rmSync(path.join(here, "dist"), { recursive: true, force: true });
const run = (...args) =>
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.json", ...args], { cwd: here, stdio: "inherit" });
run();
run("--module", "CommonJS", "--moduleResolution", "Node10", "--outDir", "dist/cjs");
fs.writeFileSync(path.join(here, "dist", "cjs", "package.json"), '{ "type": "commonjs" }\n');
