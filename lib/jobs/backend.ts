import type { z } from "zod";
import { env } from "@/lib/env";
import type { EventJob, JobBackend, JobItem } from "@/lib/jobs/define-job";
import { registerWorker, startEmbeddedRunner, stopEmbeddedRunner, wake } from "@/lib/jobs/embedded-runner";
import { jobs } from "@/lib/jobs/registry";

/**
 * THE place the backend is chosen and the only code that differs by backend: Inngest when it is
 * configured (cloud keys, or a dev/self-hosted server), otherwise the embedded in-process runner.
 * Everything else (definitions, domain code, the inngest/ adapter) is the same on both.
 */
export function jobBackend(): JobBackend {
  const cloud = env.INNGEST_EVENT_KEY !== undefined && env.INNGEST_SIGNING_KEY !== undefined;
  const selfHosted = env.INNGEST_DEV !== undefined || env.INNGEST_BASE_URL !== undefined;
  return cloud || selfHosted ? "inngest" : "embedded";
}

/** Sends items to Inngest as events of the job's trigger (payloads checked against its schema). */
export type SendItems<S extends z.ZodType> = (items: readonly JobItem<S>[]) => Promise<void>;

/**
 * Builds the items only when they are needed (Inngest), e.g. marking rows as handed over first
 * and unmarking them if the send fails; the embedded runner never calls it.
 */
export type HandOff<S extends z.ZodType> = (send: SendItems<S>) => Promise<void>;

/**
 * Hands new work of an event job to the backend. Embedded: wakes the job's worker, which claims
 * the due rows itself. Inngest: one event per item. Throws if Inngest refuses; callers after a
 * commit use `afterCommit` (lib/jobs/transaction.ts), which logs instead, as the rows are safe.
 */
export async function dispatch<S extends z.ZodType>(
  job: EventJob<S>,
  items: readonly JobItem<S>[] | HandOff<S>,
): Promise<void> {
  if (jobBackend() === "embedded") {
    wake(job.embeddedWorker);
    return;
  }
  // Loaded here, not at the top: a process on the embedded backend never loads the Inngest SDK.
  const { inngestClient } = await import("@/lib/jobs/inngest-client");
  const send: SendItems<S> = async (batch) => {
    if (batch.length === 0) return;
    await inngestClient().send(
      batch.map((item) => ({
        id: item.id,
        name: job.trigger.event,
        data: job.trigger.schema.parse(item.payload),
      })),
    );
  };
  await (typeof items === "function" ? items(send) : send(items));
}

/** Server start: on the embedded backend, run every scheduled job meant for it as a worker loop. */
export function startJobs(only?: readonly string[]): void {
  if (jobBackend() !== "embedded") return;
  for (const job of jobs) {
    if (job.kind !== "scheduled" || !job.backends.includes("embedded")) continue;
    if (only && !only.includes(job.id)) continue;
    registerWorker(job);
  }
  startEmbeddedRunner();
}

/** Graceful shutdown and tests: stop claiming, wait for passes and their tracked work to finish. */
export async function stopJobs(): Promise<void> {
  await stopEmbeddedRunner();
}
