import { jobBackend } from "@/lib/jobs/backend";
import { registerWorker, startEmbeddedRunner, stopEmbeddedRunner } from "@/lib/jobs/embedded-runner";
import { jobs } from "@/lib/jobs/registry";
import type { WorkerId } from "@/lib/jobs/worker-ids";

/**
 * Server start: on the embedded backend, run every scheduled job meant for it as a worker loop.
 * The only module besides the Inngest adapter that loads the registry (every job definition), so
 * a transaction that dispatches work loads none of them (docs/decisions/1020).
 */
export function startJobs(only?: readonly WorkerId[]): void {
  if (jobBackend() !== "embedded") return;
  for (const job of jobs) {
    if (job.kind !== "scheduled" || !job.backends.includes("embedded")) continue;
    if (only && !only.some((id) => id === job.id)) continue;
    registerWorker(job);
  }
  startEmbeddedRunner();
}

/** Graceful shutdown and tests: stop claiming, wait for passes and their tracked work to finish. */
export async function stopJobs(): Promise<void> {
  await stopEmbeddedRunner();
}
