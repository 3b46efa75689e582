import fs from "node:fs";
import path from "node:path";
import type { Namespace } from "./namespace";
import { pollUntil } from "./poll";
import { isRunning, type Started, stopProcess, tail } from "./processes";

/**
 * This app, started inside the namespace: `next start` on the existing production build when
 * `MEDIA_E2E_SERVER=start` (CI, after the browser tests built it), else `next dev` (a local run
 * sees the working tree without a build). Its own process group, stopped by its pid.
 */
export interface RunningService {
  process: Started;
  baseUrl: string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

export async function startService(
  ns: Namespace,
  opts: { port: number; env: Record<string, string>; logDir: string; ready: () => Promise<boolean> },
): Promise<RunningService> {
  const mode = process.env.MEDIA_E2E_SERVER === "start" ? "start" : "dev";
  if (mode === "start" && !fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error("MEDIA_E2E_SERVER=start needs a production build: run `npm run build` first");
  }
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const logFile = path.join(opts.logDir, "service.log");
  fs.rmSync(logFile, { force: true });
  const next = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
  const proc = ns.spawn(
    "service",
    process.execPath,
    [next, mode, "-p", String(opts.port), "-H", "127.0.0.1"],
    {
      logFile,
      cwd: ROOT,
      group: true,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: process.env.HOME ?? "/root",
        NODE_ENV: mode === "start" ? "production" : "development",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(opts.port),
        SVC_BASE_URL: baseUrl,
        NEXTAUTH_URL: baseUrl,
        AUTH_TRUST_HOST: "",
        // Empty wins over a DATABASE_URL in .env.local: the embedded database in a temp dir.
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        ...opts.env,
      },
    },
  );
  try {
    // `next dev` compiles on first request: a generous bound, polled.
    await pollUntil(
      "the service to answer",
      180_000,
      async () => {
        if (!isRunning(proc)) throw new Error(`the service exited:\n${tail(logFile)}`);
        return opts.ready();
      },
      250,
    );
  } catch (err) {
    await stopProcess(proc);
    throw err;
  }
  return { process: proc, baseUrl, stop: () => stopProcess(proc, 10_000) };
}
