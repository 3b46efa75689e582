import { type GetStepTools, type Inngest, type InngestFunction, NonRetriableError } from "inngest";
import type {
  InngestConcurrency,
  InngestOptions,
  JobDefinition,
  JobStep,
  PassContext,
} from "@/lib/jobs/define-job";
import { inngestClient } from "@/lib/jobs/inngest-client";
import { jobs } from "@/lib/jobs/registry";
import { observeJob } from "@/lib/observability/instrument";

/**
 * The Inngest adapter: every job of lib/jobs/registry.ts meant for Inngest becomes one Inngest
 * function with its definition's id, trigger and flow control. Nothing here decides what a job
 * does; served at /api/inngest.
 */

type Step = GetStepTools<Inngest>;

function jobStep(step: Step): JobStep {
  return {
    // Inngest stores a step's result as JSON and returns it parsed; job steps return plain JSON.
    run: <T>(id: string, fn: () => Promise<T>) => step.run(id, fn) as unknown as Promise<T>,
    sleep: (id, ms) => step.sleep(id, ms),
    sleepUntil: (id, at) => step.sleepUntil(id, at),
  };
}

/** A scheduled job's pass as one step. Work it tracks is awaited within the step. */
async function runPass(job: Extract<JobDefinition, { kind: "scheduled" }>) {
  const tracked: Promise<unknown>[] = [];
  const ctx: PassContext = {
    now: new Date(),
    inFlight: 0,
    track: (work) => void tracked.push(work),
    received: [],
    nudged: true,
  };
  const result = await observeJob(job.id, () => job.handler(ctx));
  await Promise.allSettled(tracked);
  return result.summary ?? {};
}

/** One limit as Inngest takes it, or two applied together (Inngest's array form). */
function concurrencyOf(
  c: NonNullable<InngestOptions["concurrency"]>,
): InngestConcurrency | [InngestConcurrency, InngestConcurrency] {
  return "limit" in c ? c : [c[0], c[1]];
}

export function toInngestFunction(client: Inngest, job: JobDefinition): InngestFunction.Any {
  const flow = {
    id: job.id,
    name: job.name,
    ...(job.inngest?.retries !== undefined ? { retries: job.inngest.retries } : {}),
    ...(job.inngest?.idempotency ? { idempotency: job.inngest.idempotency } : {}),
    ...(job.inngest?.concurrency ? { concurrency: concurrencyOf(job.inngest.concurrency) } : {}),
    ...(job.inngest?.throttle ? { throttle: job.inngest.throttle } : {}),
  };
  if (job.kind === "scheduled") {
    return client.createFunction({ ...flow, triggers: [{ cron: job.trigger.cron }] }, async ({ step }) =>
      step.run("sweep", () => runPass(job)),
    );
  }
  return client.createFunction(
    { ...flow, triggers: [{ event: job.trigger.event }] },
    async ({ event, step }) => {
      const parsed = job.trigger.schema.safeParse(event.data);
      // A malformed event can never succeed: no retries. The job's sweep still finds its rows.
      if (!parsed.success) throw new NonRetriableError(`invalid ${job.trigger.event} payload`);
      return observeJob(job.id, () => job.handler({ payload: parsed.data, step: jobStep(step) }));
    },
  );
}

const client = inngestClient();

/** Every durable function served at /api/inngest, in registry order. */
export const functions: InngestFunction.Any[] = jobs
  .filter((job) => job.kind === "event" || job.backends.includes("inngest"))
  .map((job) => toInngestFunction(client, job));

/** A job's Inngest function, by job id (tests drive them with @inngest/test). */
export function inngestFunction(id: string): InngestFunction.Any {
  const fn = functions.find((f) => f.id() === id);
  if (!fn) throw new Error(`no Inngest function for job ${id}`);
  return fn;
}
