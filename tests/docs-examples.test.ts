import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docPages, extractBlocks, REQUIREMENTS, type ShellBlock } from "@/tests/helpers/doc-blocks";
import { stopped, until } from "@/tests/helpers/wait";

/**
 * Every ```sh block of README.md and docs/*.md runs as a reader pastes it: in order (the README
 * first), with bash, against a fresh `next dev` on a free port with a fresh data directory (so the
 * demo data is seeded as on a first `npm run dev`). Variables a block exports reach the blocks
 * after it; `http://localhost:3000` becomes the test server's address. A block declares on a line
 * of its own `# docs-test: skip (why)` or `# docs-test: needs <requirement>` (docs/testing.md).
 */
const ROOT = process.cwd();
const pages = docPages(ROOT);
const blocks: ShellBlock[] = pages.flatMap((page) =>
  extractBlocks(page, fs.readFileSync(path.join(ROOT, page), "utf8")),
);

// The examples run against `npm run dev`'s embedded default whatever database the suite uses: the
// suite's PostgreSQL run (DATABASE_URL set) would only repeat the same run, so it leaves them out.
const againstDevServer = !process.env.DATABASE_URL;

describe("the shell examples' declarations", () => {
  it("every block is a ```sh block, and every declaration is known and says why", () => {
    for (const page of pages) {
      const text = fs.readFileSync(path.join(ROOT, page), "utf8");
      // Other shell fences would escape this test: one spelling for every shell example.
      expect(text, page).not.toMatch(/^\s*```(bash|shell|console|zsh)\s*$/m);
    }
    expect(blocks.length).toBeGreaterThan(20);
    const problems = blocks.flatMap((b) => b.problems.map((p) => `${b.page}:${b.line}: ${p}`));
    expect(problems).toEqual([]);
    // Skips stay rare: most examples must really run (the skipped ones install system packages,
    // build, or run test suites).
    expect(blocks.filter((b) => b.skip).length).toBeLessThanOrEqual(blocks.length / 4);
  });

  it("a declaration without a reason, or an unknown one, is refused", () => {
    const [bad] = extractBlocks(
      "x.md",
      "```sh\n# docs-test: skip\n# docs-test: needs flying-car\necho\n```\n",
    );
    expect(bad?.problems).toEqual([
      'a skip needs its reason: "# docs-test: skip (why)"',
      'unknown requirement "flying-car"',
    ]);
  });
});

const MEDIA_SECRET = "docs-examples-media-ingest-secret";
const METRICS_TOKEN = "docs-examples-metrics-token";

let server: ChildProcess | undefined;
let serverLog = "";
let port = 0;
let unavailable: string | undefined;
let failedEarlier: string | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-docs-examples-"));
fs.mkdirSync(path.join(ROOT, ".test-data"), { recursive: true });
// Inside the repository, so `npm run …` and `node -e 'import("jose")'` in examples resolve as in a checkout.
const workDir = fs.mkdtempSync(path.join(ROOT, ".test-data", "docs-examples-"));
const stateFile = path.join(workDir, ".exported.sh");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port: p } = s.address() as net.AddressInfo;
      s.close(() => resolve(p));
    });
  });
}

/** The server's and the shells' environment: a clean development server, not the suite's test one. */
function childEnv(): NodeJS.ProcessEnv {
  // `next dev` runs in development whatever it inherits; vitest's "test" would only warn.
  const env: NodeJS.ProcessEnv = { NODE_ENV: "development" };
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(VITEST|NODE_ENV$|DATABASE_URL$|REDIS_URL$|SVC_|NEXTAUTH_URL$|LOG_LEVEL$)/.test(k)) continue;
    env[k] = v;
  }
  return {
    ...env,
    SVC_DATA_DIR: dataDir,
    // The server's port, and for the shells `npm run mailbox`'s way to the running server.
    PORT: String(port),
    SVC_BASE_URL: `http://localhost:${port}`,
    NEXTAUTH_URL: `http://localhost:${port}`,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET,
    SVC_ENCRYPTION_KEY: process.env.SVC_ENCRYPTION_KEY,
    SVC_SEED_ON_START: "auto",
    SVC_SIGNUP: "open",
    SVC_MEDIA_INGEST_SECRET: MEDIA_SECRET,
    SVC_METRICS_TOKEN: METRICS_TOKEN,
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

beforeAll(async () => {
  if (!againstDevServer) return;
  port = await freePort();
  fs.writeFileSync(stateFile, "");
  server = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/next/dist/bin/next"), "dev", "-p", String(port)],
    {
      cwd: ROOT,
      env: childEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const keep = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  let exited = false;
  server.once("exit", () => {
    exited = true;
  });
  await until(
    `next dev on port ${port}`,
    async () => {
      if (exited) return true;
      try {
        // The first request waits for the compile; a bounded wait keeps the deadline honest.
        return (
          (await fetch(`http://localhost:${port}/healthz`, { signal: AbortSignal.timeout(30_000) }))
            .status === 200
        );
      } catch {
        return false;
      }
    },
    // A cold `next dev` compiles for tens of seconds; on a loaded machine, minutes.
    400_000,
  );
  if (exited) {
    // Next allows one `next dev` per checkout (.next/dev/lock): a developer's own `npm run dev`.
    if (/already running/i.test(serverLog)) {
      unavailable = "another `next dev` runs in this checkout (stop `npm run dev` to run the examples)";
      console.warn(`docs examples skipped: ${unavailable}`);
      return;
    }
    throw new Error(`next dev exited before it served:\n${serverLog}`);
  }
}, 420_000);

afterAll(async () => {
  if (server) {
    const child = server;
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await stopped(child, "SIGTERM");
    clearTimeout(timer);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(workDir, { recursive: true, force: true });
});

function runBlock(block: ShellBlock): Promise<{ code: number | null; out: string }> {
  const script = [
    "set -eo pipefail",
    `source ${JSON.stringify(stateFile)}`,
    block.code.replaceAll("http://localhost:3000", `http://localhost:${port}`),
    `export -p > ${JSON.stringify(`${stateFile}.next`)}`,
  ].join("\n");
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", script], {
      cwd: workDir,
      env: childEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 100_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe.runIf(againstDevServer)("the shell examples, pasted in order against a fresh `npm run dev`", () => {
  for (const block of blocks) {
    const title = `${block.page}:${block.line}`;
    const unmet = block.needs.filter((n) => !REQUIREMENTS[n]?.met(ROOT));
    if (block.skip || unmet.length > 0) {
      it.skip(`${title} (${block.skip ? `skip: ${block.skip}` : `needs ${unmet.join(", ")}`})`, () => {});
      continue;
    }
    it(title, async (ctx) => {
      if (unavailable) return ctx.skip();
      if (failedEarlier) return ctx.skip();
      const { code, out } = await runBlock(block);
      if (code !== 0) {
        failedEarlier = title;
        expect.fail(
          `${title} exited with ${code}:\n${block.code}\n--- output ---\n${out.slice(-4000)}\n--- server log ---\n${serverLog.slice(-3000)}`,
        );
      }
      fs.renameSync(`${stateFile}.next`, stateFile);
    }, 120_000);
  }
});
