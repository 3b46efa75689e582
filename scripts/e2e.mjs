#!/usr/bin/env node
/**
 * `npm run test:e2e [-- <playwright args>]`: builds the app, checks every page's first-load JS
 * against its budget (`npm run weight`), starts it with `next start` (production
 * mode) on a free port with a fresh embedded database seeded with the demo data, waits until it
 * answers, runs Playwright against it, and always stops the server and removes its data.
 *
 *   E2E_SKIP_BUILD=1   reuse the existing `.next` build
 *   E2E_PORT=3104      preferred port (another free one is taken when it is busy)
 *   E2E_BASE_URL=…     test a server that is already running: no build, no start
 *   E2E_KEEP_DATA=1    keep the temporary data dir (its path is printed)
 *   E2E_DEPLOYMENT_MODE=cloud   start the server in cloud mode (default self_host)
 *   E2E_CLOUD=0        skip the second, cloud-mode server and its spec (e2e/cloud.spec.ts)
 *
 * Beside the main server (self-hosted, demo data) a second one starts at the same time in cloud
 * mode on its own empty database with one owner whose org has no plan yet (`npm run create-owner`),
 * for the onboarding spec. It shares the build; it costs a few seconds of start-up in parallel.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const playwrightArgs = process.argv.slice(2);
const READY_TIMEOUT_MS = 180_000;
/** The cloud server's owner (e2e/cloud.spec.ts signs in with these). */
const CLOUD_OWNER = {
  email: "owner@nimbus.test",
  org: "Nimbus",
  name: "Nia Nimbus",
  password: "nimbus-password-1",
};
const FAILING_GRACE_MS = 30_000;

function log(msg) {
  process.stdout.write(`[e2e] ${msg}\n`);
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen({ port, host: "0.0.0.0", exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

function anyFreePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen({ port: 0, host: "0.0.0.0", exclusive: true }, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function pickPort(preferred) {
  return (await portIsFree(preferred)) ? preferred : anyFreePort();
}

/** Runs a command to completion, inheriting stdio (or writing `input` to its stdin); resolves with its exit code. */
function run(cmd, args, env, input) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env,
      stdio: [input === undefined ? "inherit" : "pipe", "inherit", "inherit"],
    });
    if (input !== undefined) child.stdin.end(input);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once("error", (err) => {
      log(`${cmd} failed to start: ${err.message}`);
      resolve(1);
    });
  });
}

/**
 * Polls until the page answers 200. A server that listens but keeps answering 5xx (a failed
 * start-up hook, a bad migration) fails after FAILING_GRACE_MS instead of the whole timeout.
 */
async function waitUntilReady(url, server) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let failingSince;
  let lastStatus;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      lastStatus = res.status;
      if (res.status === 200) return;
      if (res.status >= 500) {
        failingSince ??= Date.now();
        if (Date.now() - failingSince > FAILING_GRACE_MS)
          throw new Error(`${url} keeps answering ${res.status}; see the server log`);
      }
    } catch (err) {
      if (err instanceof Error && err.message.includes("keeps answering")) throw err;
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `no 200 from ${url} within ${READY_TIMEOUT_MS / 1000}s (last status: ${lastStatus ?? "none"})`,
  );
}

/** Stops the server's whole process group: SIGTERM, then SIGKILL after a grace period. */
async function stopServer(server) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  const signalGroup = (sig) => {
    try {
      process.kill(-server.pid, sig);
    } catch {
      // Already gone.
    }
  };
  signalGroup("SIGTERM");
  const timer = setTimeout(() => signalGroup("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The cloud-mode server: its first owner is created on the empty database before it starts (the
 * org has no plan yet), then `next start` on its own port, logging to test-results/e2e-cloud.log.
 */
async function startCloud(env, port) {
  const created = await run(
    bin("tsx"),
    [
      "scripts/create-owner.mts",
      "--email",
      CLOUD_OWNER.email,
      "--org",
      CLOUD_OWNER.org,
      "--name",
      CLOUD_OWNER.name,
    ],
    { ...env, NODE_ENV: "production" },
    `${CLOUD_OWNER.password}\n`,
  );
  if (created !== 0) throw new Error("create-owner for the cloud server failed");
  const logFd = fs.openSync(path.join(root, "test-results", "e2e-cloud.log"), "w");
  return spawn(bin("next"), ["start", "-p", String(port)], {
    cwd: root,
    env: { ...env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", logFd, logFd],
    detached: true,
  });
}

async function main() {
  if (process.env.E2E_BASE_URL) {
    log(`testing the running server at ${process.env.E2E_BASE_URL}`);
    return run(bin("playwright"), ["test", ...playwrightArgs], process.env);
  }

  const port = await pickPort(Number(process.env.E2E_PORT ?? 3104));

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "svc-e2e-"));
  // `localhost`, not 127.0.0.1: Chromium keeps the Secure session cookie on http://localhost.
  const baseUrl = `http://localhost:${port}`;
  const serverLogPath = path.join(root, "test-results", "e2e-server.log");
  fs.mkdirSync(path.dirname(serverLogPath), { recursive: true });
  fs.rmSync(serverLogPath, { force: true });

  const appEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    SVC_DATA_DIR: path.join(tmp, "data"),
    SVC_SEED_ON_START: "always",
    // Empty wins over a DATABASE_URL in .env.local: Next's env loading never overrides a set key.
    DATABASE_URL: "",
    SVC_DEPLOYMENT_MODE: process.env.E2E_DEPLOYMENT_MODE ?? "self_host",
    // Required in production in cloud mode; harmless otherwise.
    SVC_MEDIA_INGEST_SECRET: "e2e-media-ingest-secret",
    // Fixed test-only secret: production mode requires one of at least 32 characters.
    NEXTAUTH_SECRET: "e2e-only-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
    // next-auth v4 builds its callback and sign-out redirect URLs from NEXTAUTH_URL. Without it,
    // it trusts the Host header only when AUTH_TRUST_HOST is any non-empty string (even "false"),
    // and otherwise falls back to http://localhost:3000. So: the URL set, the trust flag empty.
    NEXTAUTH_URL: baseUrl,
    SVC_BASE_URL: baseUrl,
    AUTH_TRUST_HOST: "",
    SVC_MEET_HOST: "meet.svc.test",
    // The join page's one action opens the customer's app (e2e/join.spec.ts).
    SVC_JOIN_URL: "https://app.example.test/join?code={short_code}",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // Every browser of the suite signs in from 127.0.0.1: more than the 100 sign-ins per address
    // in 15 minutes a real office shares (lib/ratelimit/policies.ts). The per-account and
    // per-(account, address) budgets stay as shipped; tests/ratelimit* prove the per-IP one.
    SVC_RATE_LIMITS: process.env.SVC_RATE_LIMITS ?? "sign-in-ip=2000/900",
  };

  const withCloud = process.env.E2E_CLOUD !== "0" && appEnv.SVC_DEPLOYMENT_MODE !== "cloud";
  const cloudPort = withCloud ? await anyFreePort() : undefined;
  const cloudUrl = cloudPort ? `http://localhost:${cloudPort}` : undefined;
  const cloudEnv = cloudUrl
    ? {
        ...appEnv,
        SVC_DATA_DIR: path.join(tmp, "cloud-data"),
        SVC_SEED_ON_START: "never",
        SVC_DEPLOYMENT_MODE: "cloud",
        NEXTAUTH_URL: cloudUrl,
        SVC_BASE_URL: cloudUrl,
      }
    : undefined;

  let server;
  let cloudServer;
  let exitCode = 1;
  const cleanup = async () => {
    await Promise.all([stopServer(server), stopServer(cloudServer)]);
    if (process.env.E2E_KEEP_DATA) log(`data kept in ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  };
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.once(sig, () => {
      cleanup().finally(() => process.exit(130));
    });
  }

  try {
    if (!process.env.E2E_SKIP_BUILD) {
      log("next build");
      const built = await run(bin("next"), ["build"], { ...appEnv, NODE_ENV: "production" });
      if (built !== 0) {
        log("next build failed");
        return built;
      }
      // The first-load budget (150 kB gzip per page, scripts/page-weight.mts) is checked on every
      // build the browser tests make, so CI (.ci/run) fails on a page over it.
      log("first-load JS per page (npm run weight)");
      const weighed = await run(bin("tsx"), ["scripts/page-weight.mts"], process.env);
      if (weighed !== 0) {
        log("a page is over the first-load budget");
        return weighed;
      }
    }

    log(`next start on ${baseUrl} (data in ${tmp}, log in ${path.relative(root, serverLogPath)})`);
    const serverLog = fs.openSync(serverLogPath, "w");
    server = spawn(bin("next"), ["start", "-p", String(port)], {
      cwd: root,
      env: { ...appEnv, NODE_ENV: "production", PORT: String(port) },
      stdio: ["ignore", serverLog, serverLog],
      // Its own process group, so stopping it stops every child it spawned.
      detached: true,
    });
    const cloudReady = cloudEnv ? startCloud(cloudEnv, cloudPort).then((s) => (cloudServer = s)) : null;
    // Its failure is reported where it is awaited, after the main server is up.
    cloudReady?.catch(() => {});
    await waitUntilReady(`${baseUrl}/login`, server);
    log("server ready");
    if (cloudReady) {
      await cloudReady;
      await waitUntilReady(`${cloudUrl}/login`, cloudServer);
      log(`cloud server ready on ${cloudUrl}`);
    }

    exitCode = await run(bin("playwright"), ["test", ...playwrightArgs], {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_MEET_HOST: appEnv.SVC_MEET_HOST,
      ...(cloudUrl
        ? {
            E2E_CLOUD_BASE_URL: cloudUrl,
            E2E_CLOUD_EMAIL: CLOUD_OWNER.email,
            E2E_CLOUD_PASSWORD: CLOUD_OWNER.password,
          }
        : {}),
    });
  } catch (err) {
    log(`failed: ${err instanceof Error ? err.message : String(err)}`);
    exitCode = 1;
  } finally {
    await cleanup();
  }
  if (exitCode !== 0 && fs.existsSync(serverLogPath)) {
    const tail = fs.readFileSync(serverLogPath, "utf8").split("\n").slice(-40).join("\n");
    log(`server log (last lines of ${path.relative(root, serverLogPath)}):\n${tail}`);
  }
  return exitCode;
}

process.exitCode = await main();
