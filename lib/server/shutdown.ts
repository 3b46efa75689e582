import { closeDb } from "@/lib/db";
import { stopJobs } from "@/lib/jobs/start-jobs";
import { flushLogs, log } from "@/lib/log/logger";
import { closeRedis } from "@/lib/ratelimit/redis-store";
import { setLifecycle } from "@/lib/server/lifecycle";

/** Longest we hold the exit for in-flight webhook attempts (each has a 10 s timeout). */
const DRAIN_LIMIT_MS = 12_000;

let shuttingDown: Promise<void> | undefined;

/**
 * Graceful shutdown: stop claiming background work, let attempts in flight finish (bounded),
 * close the database (PGlite checkpoints and releases its data-dir lock), flush the logs.
 * Anything cut short is safe: claimed rows carry a lease and are retried when it expires.
 */
export function shutdown(reason: string): Promise<void> {
  shuttingDown ??= (async () => {
    setLifecycle("draining");
    log.info("shutting down", { reason });
    const drain = stopJobs();
    await Promise.race([drain, new Promise((r) => setTimeout(r, DRAIN_LIMIT_MS).unref())]);
    await closeDb().catch((err: unknown) => log.error("closing the database failed", { err }));
    await closeRedis();
    log.info("shutdown complete", { reason });
    flushLogs();
  })();
  return shuttingDown;
}

/**
 * Next's own SIGTERM/SIGINT handler closes the HTTP server and exits; this runs alongside it.
 * With NEXT_MANUAL_SIG_HANDLE=true (recommended for the embedded defaults) Next leaves the signal
 * to us and we exit once the drain is done.
 */
export function installShutdownHandlers(manual: boolean): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void shutdown(signal).finally(() => {
        if (manual) process.exit(signal === "SIGTERM" ? 143 : 130);
      });
    });
  }
}
