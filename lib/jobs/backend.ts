import type { z } from "zod";
import { env } from "@/lib/env";
import type { EventJobSpec, JobBackend, JobItem } from "@/lib/jobs/define-job";
import { feed } from "@/lib/jobs/embedded-runner";

/**
 * THE place the backend is chosen and the only code that differs by backend: Inngest when it is
 * configured (cloud keys, or a dev/self-hosted server), otherwise the embedded in-process runner.
 * Everything else (definitions, domain code, the inngest/ adapter) is the same on both. This module
 * loads no job definition and no domain code: dispatching is handing plain items over
 * (docs/decisions/1020); starting the workers is lib/jobs/start-jobs.ts.
 */
export function jobBackend(): JobBackend {
  const cloud = env.INNGEST_EVENT_KEY !== undefined && env.INNGEST_SIGNING_KEY !== undefined;
  const selfHosted = env.INNGEST_DEV !== undefined || env.INNGEST_BASE_URL !== undefined;
  return cloud || selfHosted ? "inngest" : "embedded";
}

/**
 * Hands new work of an event job to the backend. Embedded: hands the items' payloads to the job's
 * worker and wakes it (its scheduler keeps them: docs/decisions/1230); the rows are in the
 * database, so an item lost here is found by the worker's scan. Inngest: one event per item (payloads checked against the trigger's
 * schema). Throws if Inngest refuses; callers after a commit use `afterCommit`
 * (lib/jobs/transaction.ts), which logs instead, as the rows are safe and the job's sweep finds them.
 */
export async function dispatch<S extends z.ZodType>(
  job: EventJobSpec<S>,
  items: readonly JobItem<S>[],
): Promise<void> {
  if (jobBackend() === "embedded") {
    feed(
      job.embeddedWorker,
      items.map((item) => item.payload),
    );
    return;
  }
  if (items.length === 0) return;
  // Loaded here, not at the top: a process on the embedded backend never loads the Inngest SDK.
  const { inngestClient } = await import("@/lib/jobs/inngest-client");
  await inngestClient().send(
    items.map((item) => ({
      id: item.id,
      name: job.trigger.event,
      data: job.trigger.schema.parse(item.payload),
    })),
  );
}
