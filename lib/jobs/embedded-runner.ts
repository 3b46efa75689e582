import { log } from "@/lib/log/logger";

/**
 * The embedded background runner: one loop per registered worker. A worker claims and processes
 * whatever is due (its rows live in the database, so nothing is lost across a restart) and says
 * when its next item is due; the loop sleeps until then, or until `wake` says new work arrived.
 */
export interface Worker {
  name: string;
  /** Process what is due at `now`; return when the next known item is due, or null. */
  runDue: (now: Date) => Promise<Date | null>;
}

interface Loop {
  worker: Worker;
  wakeUp: () => void;
  pending: boolean;
  running: Promise<void> | undefined;
}

const IDLE_POLL_MS = 30_000;
const ERROR_BACKOFF_MS = 1_000;

const state = globalThis as typeof globalThis & {
  __svcRunner?: { loops: Map<string, Loop>; started: boolean; stopping: boolean };
};
state.__svcRunner ??= { loops: new Map(), started: false, stopping: false };
const runner = state.__svcRunner;

export function registerWorker(worker: Worker): void {
  const existing = runner.loops.get(worker.name);
  if (existing) {
    existing.worker = worker;
    return;
  }
  const loop: Loop = { worker, wakeUp: () => {}, pending: false, running: undefined };
  runner.loops.set(worker.name, loop);
  if (runner.started) loop.running = runLoop(loop);
}

/** New work for `name` (or every worker): run now instead of at the next scheduled time. */
export function wake(name?: string): void {
  for (const [n, loop] of runner.loops) {
    if (name === undefined || n === name) {
      loop.pending = true;
      loop.wakeUp();
    }
  }
}

async function runLoop(loop: Loop): Promise<void> {
  while (runner.started && !runner.stopping) {
    loop.pending = false;
    let delay: number;
    try {
      const next = await loop.worker.runDue(new Date());
      delay = next ? Math.max(0, next.getTime() - Date.now()) : IDLE_POLL_MS;
    } catch (err) {
      log.error("background worker failed", { worker: loop.worker.name, err });
      delay = ERROR_BACKOFF_MS;
    }
    if (loop.pending || runner.stopping) continue;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(delay, IDLE_POLL_MS));
      timer.unref?.();
      loop.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    loop.wakeUp = () => {};
  }
}

export function startEmbeddedRunner(): void {
  if (runner.started) return;
  runner.started = true;
  runner.stopping = false;
  for (const loop of runner.loops.values()) loop.running = runLoop(loop);
}

/** Stops the loops after their in-flight pass finishes (graceful shutdown, tests). */
export async function stopEmbeddedRunner(): Promise<void> {
  if (!runner.started) return;
  runner.stopping = true;
  for (const loop of runner.loops.values()) loop.wakeUp();
  await Promise.all([...runner.loops.values()].map((l) => l.running));
  runner.started = false;
  runner.stopping = false;
}

export function isEmbeddedRunnerStarted(): boolean {
  return runner.started;
}
