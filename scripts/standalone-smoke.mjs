#!/usr/bin/env node
/**
 * `npm run test:standalone`: proves the self-hosted path end to end. Uses the standalone build
 * (`.next/standalone/server.js`, built by `next build`; STANDALONE_BUILD=1 builds it first), a
 * fresh PostgreSQL database (DATABASE_URL names the server; default the local one), migrations via
 * `npm run db:migrate`, an owner via `npm run create-owner`, then `npm run smoke` against it.
 * Always stops the server and drops the database.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const log = (m) => process.stdout.write(`[standalone] ${m}\n`);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function run(cmd, args, env, input) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    env,
    stdio: input ? ["pipe", "inherit", "inherit"] : "inherit",
    input,
  });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited with ${res.status}`);
}

async function psql(sql) {
  const { default: postgres } = await import("postgres");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(sql);
  } finally {
    await admin.end();
  }
}

if (process.env.STANDALONE_BUILD === "1" || !fs.existsSync(path.join(root, ".next/standalone/server.js"))) {
  log("building");
  run("npx", ["next", "build"], { ...process.env, NODE_ENV: "production" });
}

const dbName = `svc_standalone_${process.pid}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-standalone-"));
const port = await freePort();
const env = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: dbUrl.toString(),
  NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
  SVC_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  NEXTAUTH_URL: `http://localhost:${port}`,
  SVC_BASE_URL: `http://localhost:${port}`,
  SVC_DATA_DIR: dataDir,
  PORT: String(port),
  HOSTNAME: "127.0.0.1",
  LOG_LEVEL: "warn",
};
const email = "smoke-owner@example.test";
const password = randomBytes(12).toString("base64url");
let server;
let code = 1;
try {
  await psql(`CREATE DATABASE ${dbName}`);
  log("migrating");
  run("npm", ["run", "-s", "db:migrate"], env);
  run(
    "npm",
    ["run", "-s", "create-owner", "--", "--email", email, "--org", "Smoke Co"],
    env,
    `${password}\n`,
  );
  log(`starting .next/standalone/server.js on ${port}`);
  server = spawn(process.execPath, [path.join(root, ".next/standalone/server.js")], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`http://localhost:${port}/readyz`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server never became ready");
    await new Promise((r) => setTimeout(r, 250));
  }
  log("running the smoke test");
  const smoke = spawnSync("npm", ["run", "-s", "smoke", "--", `http://localhost:${port}`], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      SMOKE_EMAIL: email,
      SMOKE_PASSWORD: password,
      SMOKE_WEBHOOK_URL: "https://localhost:9/hook",
    },
  });
  code = smoke.status ?? 1;
} catch (err) {
  log(`failed: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => {
      const t = setTimeout(() => {
        server.kill("SIGKILL");
        r();
      }, 15_000);
      server.once("exit", () => {
        clearTimeout(t);
        r();
      });
    });
  }
  await psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}
log(code === 0 ? "passed" : "FAILED");
process.exit(code);
