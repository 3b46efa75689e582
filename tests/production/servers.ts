import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Real production servers for the tests in tests/production: one `next build` (reused when
 * `.next` already holds one, as CI's browser-test step leaves it; PRODUCTION_BUILD=1 forces a
 * rebuild), then `next start` or the standalone server as child processes.
 */
const root = path.resolve(import.meta.dirname, "../..");
const nextBin = path.join(root, "node_modules", ".bin", "next");
const nextJs = path.join(root, "node_modules", "next", "dist", "bin", "next");

export function ensureBuild(): void {
  const built = fs.existsSync(path.join(root, ".next", "BUILD_ID"));
  if (built && process.env.PRODUCTION_BUILD !== "1") return;
  const res = spawnSync(nextBin, ["build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  if (res.status !== 0) throw new Error(`next build exited with ${res.status}`);
}

export { freePort } from "../helpers/pg-cluster";

export interface Server {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The environment every production test server needs; tests add or remove settings. */
export function productionEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    HOSTNAME: "127.0.0.1",
    LOG_LEVEL: "warn",
  };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Starts `next start` (or the standalone server.js) on `port`, in its own process group. */
export function startServer(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  kind: "next-start" | "standalone" = "next-start",
  // This Node, not the first on PATH: the server runs on the runtime the tests run on, unless a
  // test names another.
  node: string = process.execPath,
): Server {
  const [cmd, args] =
    kind === "next-start"
      ? [node, [nextJs, "start", "-p", String(port), "-H", "127.0.0.1"]]
      : [node, [path.join(root, ".next", "standalone", "server.js")]];
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString("utf8");
  });
  child.stderr?.on("data", (c: Buffer) => {
    out += c.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { name, url: `http://127.0.0.1:${port}`, port, child, output: () => out, exited };
}

/** Polls `path` until it answers 200; fails early when the server exits. */
export async function waitReady(server: Server, pathname = "/readyz", timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`${server.name} exited (${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}${pathname}`, { signal: AbortSignal.timeout(5_000) });
      last = `${res.status} ${await res.text()}`;
      if (res.ok) return;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${server.name} not ready within ${timeoutMs} ms (last: ${last}):\n${server.output()}`);
}

/** Resolves with the exit code, or rejects when the process is still running at the deadline. */
export async function exitCode(server: Server, timeoutMs = 60_000): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${server.name} still running after ${timeoutMs} ms:\n${server.output()}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Signals the server's whole process group. */
export function signal(server: Server, sig: NodeJS.Signals): void {
  try {
    if (server.child.pid) process.kill(-server.child.pid, sig);
  } catch {
    // Already gone.
  }
}

export async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  signal(server, "SIGTERM");
  const timer = setTimeout(() => signal(server, "SIGKILL"), 10_000);
  await server.exited;
  clearTimeout(timer);
}

/** A fresh database on the PostgreSQL server named by DATABASE_URL, or undefined without one. */
export async function createDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const { default: postgres } = await import("postgres");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await admin`select 1`;
  } catch {
    await admin.end().catch(() => {});
    return undefined;
  }
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
