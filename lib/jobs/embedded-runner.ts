import type { PassContext, ScheduledJob } from "@/lib/jobs/define-job";
import type { WorkerId } from "@/lib/jobs/worker-ids";
import { log } from "@/lib/log/logger";
import { observeJob } from "@/lib/observability/instrument";

/**
 * The embedded backend: one loop per worker (a scheduled job). A pass claims and processes what is
 * due (the rows live in the database, so nothing is lost across a restart) and says when its next
 * item is due; the loop sleeps until then, until `wake` says new work arrived, or at most the
 * job's poll interval (rows another instance wrote, leases that ran out).
 */
type Worker = Pick<ScheduledJob, "id" | "handler" | "pollMs">;

interface Loop {
  worker: Worker;
  wakeUp: () => void;
  pending: boolean;
  running: Promise<void> | undefined;
  /** Work a pass started and did not await (e.g. webhook attempts in flight). */
  inFlight: Set<Promise<void>>;
  /** Payloads dispatched to this worker and not yet handed to a pass (`feed`). */
  inbox: unknown[];
  /** The next pass must not rely on the inbox alone (see PassContext.nudged). */
  nudged: boolean;
}

/**
 * Payloads a worker may hold between two passes. Beyond it they are dropped and the next pass is
 * nudged: the rows they stand for are in the database, where the worker's scan finds them.
 */
const MAX_INBOX = 50_000;

const DEFAULT_POLL_MS = 30_000;
const ERROR_BACKOFF_MS = 1_000;

const state = globalThis as typeof globalThis & {
  __svcRunner?: { loops: Map<string, Loop>; started: boolean; stopping: boolean };
};
// On globalThis: Next's dev server may evaluate this module more than once in one process.
state.__svcRunner ??= { loops: new Map(), started: false, stopping: false };
const runner = state.__svcRunner;

export function registerWorker(worker: Worker): void {
  const existing = runner.loops.get(worker.id);
  if (existing) {
    existing.worker = worker;
    return;
  }
  const loop: Loop = {
    worker,
    wakeUp: () => {},
    pending: false,
    running: undefined,
    inFlight: new Set(),
    inbox: [],
    nudged: true,
  };
  runner.loops.set(worker.id, loop);
  if (runner.started) loop.running = runLoop(loop);
}

/**
 * New work for worker `id` (or every worker): run now instead of at the next scheduled time. The
 * id is one of WORKER_IDS (lib/jobs/worker-ids.ts): waking a worker that does not exist is a
 * compile error, not a silent no-op.
 */
export function wake(id?: WorkerId): void {
  for (const [n, loop] of runner.loops) {
    if (id === undefined || n === id) {
      loop.nudged = true;
      wakeLoop(loop);
    }
  }
}

/**
 * New items for worker `id` (an event job's payloads, lib/jobs/backend.ts): kept for its next
 * pass, which runs now. A worker that is not registered gets nothing: its first pass is nudged.
 */
export function feed(id: WorkerId, payloads: readonly unknown[]): void {
  const loop = runner.loops.get(id);
  if (!loop) return;
  if (loop.inbox.length + payloads.length > MAX_INBOX) loop.nudged = true;
  else loop.inbox.push(...payloads);
  wakeLoop(loop);
}

function wakeLoop(loop: Loop): void {
  loop.pending = true;
  loop.wakeUp();
}

function passContext(loop: Loop): PassContext {
  const received = loop.inbox;
  const nudged = loop.nudged;
  loop.inbox = [];
  loop.nudged = false;
  return {
    now: new Date(),
    received,
    nudged,
    inFlight: loop.inFlight.size,
    track: (work) => {
      const p: Promise<void> = work
        .then(() => undefined)
        .catch((err: unknown) => log.error("background work failed", { job: loop.worker.id, err }))
        .finally(() => {
          loop.inFlight.delete(p);
          wakeLoop(loop);
        });
      loop.inFlight.add(p);
    },
  };
}

async function runLoop(loop: Loop): Promise<void> {
  while (runner.started && !runner.stopping) {
    loop.pending = false;
    const pollMs = loop.worker.pollMs ?? DEFAULT_POLL_MS;
    let delay: number;
    try {
      const { next } = await observeJob(loop.worker.id, () => loop.worker.handler(passContext(loop)));
      delay = next ? Math.max(0, next.getTime() - Date.now()) : pollMs;
    } catch (err) {
      log.error("background job pass failed", { job: loop.worker.id, err });
      // What the failed pass was handed may be lost with it: the next one looks at the table.
      loop.nudged = true;
      delay = ERROR_BACKOFF_MS;
    }
    if (loop.pending || runner.stopping) continue;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(delay, pollMs));
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
  for (const loop of runner.loops.values()) {
    loop.nudged = true; // a (re)started worker looks at the table first
    loop.running = runLoop(loop);
  }
}

/** Stops the loops after their pass in flight, then waits for the work those passes started. */
export async function stopEmbeddedRunner(): Promise<void> {
  if (!runner.started) return;
  runner.stopping = true;
  for (const loop of runner.loops.values()) loop.wakeUp();
  await Promise.all([...runner.loops.values()].map((l) => l.running));
  for (const loop of runner.loops.values()) {
    while (loop.inFlight.size > 0) await Promise.allSettled([...loop.inFlight]);
  }
  runner.started = false;
  runner.stopping = false;
}

export function isEmbeddedRunnerStarted(): boolean {
  return runner.started;
}
