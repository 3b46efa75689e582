import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort, productionEnv, type Server, startServer, stop, waitReady } from "./servers";

/**
 * Several `next start` instances of the production build on one PostgreSQL database, behind a
 * round-robin proxy (the load balancer), as an operator would run them.
 */
const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

export interface Cluster {
  proxyUrl: string;
  servers: Server[];
  env: NodeJS.ProcessEnv;
  dataDir: string;
  close: () => Promise<void>;
}

/** Runs a repository script (tsx) against the cluster's database; throws on a non-zero exit. */
export function runScript(env: NodeJS.ProcessEnv, script: string, args: string[], input?: string): void {
  const res = spawnSync(tsx, [script, ...args], { cwd: root, env, input, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${script} exited with ${res.status}:\n${res.stdout}\n${res.stderr}`);
}

/** A round-robin HTTP proxy over `targets`: each request goes to the next instance in turn. */
async function startProxy(targets: () => Server[]): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const live = targets().filter((s) => s.child.exitCode === null && s.child.signalCode === null);
    const target = live[next++ % live.length];
    if (!target) {
      res.writeHead(502).end();
      return;
    }
    const upstream = http.request(
      { host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Migrates `databaseUrl`, creates an owner, then starts `count` instances (in parallel) and the
 * proxy in front of them. `extraEnv` reaches every instance.
 */
export async function startCluster(
  databaseUrl: string,
  count: number,
  extraEnv: Record<string, string>,
  owner: { email: string; password: string },
): Promise<Cluster> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-cluster-"));
  const servers: Server[] = [];
  const proxy = await startProxy(() => servers);
  const env = productionEnv({
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
    SVC_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SVC_BASE_URL: proxy.url,
    NEXTAUTH_URL: proxy.url,
    NEXT_MANUAL_SIG_HANDLE: "true",
    ...extraEnv,
  });
  runScript(env, "scripts/migrate.mts", []);
  runScript(
    env,
    "scripts/create-owner.mts",
    ["--email", owner.email, "--org", "Cluster Co"],
    `${owner.password}\n`,
  );
  for (let i = 0; i < count; i++) {
    const instanceEnv = {
      ...env,
      SVC_DATA_DIR: path.join(dataDir, `i${i}`),
    };
    servers.push(startServer(`instance-${i}`, await freePort(), instanceEnv));
  }
  await Promise.all(servers.map((s) => waitReady(s)));
  return {
    proxyUrl: proxy.url,
    servers,
    env,
    dataDir,
    close: async () => {
      await Promise.all(servers.map(stop));
      await proxy.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** A JSON request to `base` (the proxy or one instance). */
export async function api<T = Record<string, unknown>>(
  base: string,
  method: string,
  pathname: string,
  opts: { token?: string; json?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
