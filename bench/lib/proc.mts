import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

export function say(msg: string): void {
  process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === "object" ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion and captures its output (shown when it fails). */
export function run(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = opts.timeoutMs
      ? setTimeout(() => signalGroup(child, "SIGKILL"), opts.timeoutMs)
      : undefined;
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), stdout, stderr });
    });
    child.once("error", (err) => {
      clearTimeout(timer);
      resolve({ code: 1, stdout, stderr: `${stderr}\n${err.message}` });
    });
  });
}

export function mustSucceed(what: string, r: RunResult): void {
  if (r.code === 0) return;
  const tail = (s: string) => s.split("\n").slice(-30).join("\n");
  throw new Error(`${what} failed (exit ${r.code}):\n${tail(r.stdout)}\n${tail(r.stderr)}`);
}

/** A long-running child in its own process group, its output in a log file. */
export function startDetached(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
): ChildProcess {
  const out = fs.openSync(logFile, "a");
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", out, out], detached: true });
  fs.closeSync(out);
  return child;
}

/**
 * `next start` of the current build on 127.0.0.1:`port`, in its own process group, with extra Node
 * flags from a space-separated setting (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"); `dir` is the
 * app's directory when it is not this one (the bench's bare Next app).
 */
export function startNextServer(
  port: number,
  env: NodeJS.ProcessEnv,
  logFile: string,
  nodeArgs = "",
  dir?: string,
): ChildProcess {
  return startDetached(
    process.execPath,
    [
      ...nodeArgs.split(" ").filter(Boolean),
      path.join(ROOT, "node_modules", "next", "dist", "bin", "next"),
      "start",
      ...(dir ? [dir] : []),
      "-p",
      String(port),
      "-H",
      "127.0.0.1",
    ],
    { ...env, PORT: String(port) },
    logFile,
  );
}

function signalGroup(child: ChildProcess, sig: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, sig);
  } catch {
    // Already gone.
  }
}

/** Stops a child's whole process group: SIGTERM, then SIGKILL after a grace period. */
export async function stopGroup(child: ChildProcess | undefined, graceMs = 5_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `url` until it answers 2xx, the child exits, or the deadline passes. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000}s`);
}

function statusKb(pid: number, field: string): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m?.[1] ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Every live process in the process group `pgid` (the detached child's pid). */
function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the parenthesised command: state ppid pgrp …
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

export interface Rss {
  /** The process that listens (the largest one in the group). */
  server_mb: number;
  /** Every process `next start` runs, together. */
  group_mb: number;
  processes: number;
}

/** RSS (VmRSS) of a detached child's process group. */
export function rssOf(child: ChildProcess): Rss {
  const pids = child.pid === undefined ? [] : groupPids(child.pid);
  const sizes = pids.map((p) => statusKb(p, "VmRSS"));
  const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;
  return {
    server_mb: mb(Math.max(0, ...sizes)),
    group_mb: mb(sizes.reduce((a, b) => a + b, 0)),
    processes: pids.length,
  };
}

/**
 * The idle RSS of a server that has just answered its first request. A reading at that moment is
 * start-up, not idle: on the embedded database the same build has read 272–288 MB there and 776 MB
 * once (its worker still opening the data directory), and an idle server keeps shrinking for
 * seconds after (V8's memory reducer, the worker's heap): one measured 277 MB at its first answer,
 * 294 MB half a second later and 243 MB after 12 s. So this samples for `idleMs` with no request
 * sent and reports the first reading, the largest, and the last, which is the idle figure.
 */
export async function idleRss(
  read: () => Rss,
  opts: { idleMs?: number; sampleMs?: number } = {},
): Promise<{ atReady: Rss; peak: Rss; idle: Rss }> {
  const { idleMs = 10_000, sampleMs = 250 } = opts;
  const atReady = read();
  let peak = atReady;
  let last = atReady;
  // A number of samples, not a deadline: the same readings on a busy machine as on a quiet one.
  for (let n = Math.ceil(idleMs / sampleMs); n > 0; n--) {
    await new Promise((resolve) => setTimeout(resolve, sampleMs));
    last = read();
    if (last.server_mb > peak.server_mb) peak = last;
  }
  return { atReady, peak, idle: last };
}
