import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";

/**
 * Processes the media harness starts, each known by its own pid, and stopped by that pid in every
 * outcome (docs/media-plane-testing.md). Nothing here finds processes by name.
 */

export interface Started {
  name: string;
  child: ChildProcess;
  pid: number;
  /** Where its stdout and stderr go. */
  logFile: string;
  /** It was started as its own process group (a server that forks workers): signal the group. */
  group: boolean;
}

const running = new Set<Started>();

/** Spawns `command args…` with its output in `logFile`; the pid is the spawned process's own. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  opts: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string; group?: boolean },
): Started {
  const fd = fs.openSync(opts.logFile, "a");
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: ["ignore", fd, fd],
    detached: opts.group ?? false,
  });
  fs.closeSync(fd);
  if (child.pid === undefined) throw new Error(`${name}: ${command} did not start`);
  const started: Started = { name, child, pid: child.pid, logFile: opts.logFile, group: opts.group ?? false };
  running.add(started);
  child.once("exit", () => running.delete(started));
  return started;
}

export function isRunning(p: Started): boolean {
  return p.child.exitCode === null && p.child.signalCode === null;
}

function signal(p: Started, sig: NodeJS.Signals): void {
  try {
    process.kill(p.group ? -p.pid : p.pid, sig);
  } catch {
    // Already gone.
  }
}

/** SIGTERM, then SIGKILL when it has not exited within `graceMs`; resolves when it has exited. */
export async function stopProcess(p: Started, graceMs = 5_000): Promise<void> {
  if (!isRunning(p)) {
    running.delete(p);
    return;
  }
  const exited = new Promise<void>((resolve) => p.child.once("exit", () => resolve()));
  signal(p, "SIGTERM");
  const timer = setTimeout(() => signal(p, "SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
  running.delete(p);
}

/** Last resort when the runner itself is exiting: SIGKILL whatever is still running, synchronously. */
export function killAllNow(): void {
  for (const p of running) signal(p, "SIGKILL");
  running.clear();
}

process.once("exit", killAllNow);

/** The last lines of a process's log, for a failure message. */
export function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}
