import { type ChildProcess, spawn } from "node:child_process";
import { until } from "./wait";

/**
 * Several processes made to do one thing at the same moment: each runs `script` (a helper that
 * prints "ready", waits for a line on stdin, acts, and prints one outcome line), the test waits
 * until all are ready, then starts them together.
 */
export interface Racer {
  child: ChildProcess;
  /** The lines it printed so far: "ready", then its outcome. */
  lines: string[];
}

export async function startRacers(
  script: string,
  count: number,
  run: { args?: string[]; env?: Record<string, string> },
  children: ChildProcess[],
): Promise<Racer[]> {
  const all = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...(run.args ?? [])], {
      // Unset: the child inherits this process's environment.
      ...(run.env ? { env: { ...process.env, ...run.env } } : {}),
      stdio: "pipe",
    });
    children.push(child);
    const racer: Racer = { child, lines: [] };
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split("\n");
      buffered = parts.pop() ?? "";
      racer.lines.push(...parts);
    });
    return racer;
  });
  await until("every racer is ready", () => all.every((c) => c.lines.includes("ready")), 30_000);
  return all;
}

/** Starts the racers together and returns each one's outcome line (or how it exited without one). */
export async function race(all: Racer[]): Promise<string[]> {
  for (const c of all) c.child.stdin?.write("go\n");
  const outcome = (c: Racer) => c.lines.find((l) => l !== "ready");
  const exited = (c: Racer) => c.child.exitCode !== null || c.child.signalCode !== null;
  await until("every racer has an outcome", () => all.every((c) => outcome(c) || exited(c)));
  return all.map((c) => outcome(c) ?? `exited with ${c.child.exitCode}`);
}
