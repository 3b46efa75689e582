import type { z } from "zod";
import type { WorkerId } from "@/lib/jobs/worker-ids";

/**
 * What a job is, whichever backend runs it (docs/architecture.md, "Background jobs"). A job is
 * declared once, in `lib/jobs/definitions/<id>.ts`, and listed once, in `lib/jobs/registry.ts`.
 * Definitions hold no domain logic: a scheduled job's handler lazily imports the domain module that
 * does the work; an event job's definition is only its declaration (what dispatchers import), and
 * the registry binds its handler, so dispatching never loads a handler and no domain module that
 * dispatches a job is imported back by it (docs/decisions/1020).
 */

export type JobBackend = "embedded" | "inngest";

/** Durable steps (Inngest's `step`). A step's result must be plain JSON: Inngest stores it. */
export interface JobStep {
  run<T>(id: string, fn: () => Promise<T>): Promise<T>;
  sleep(id: string, ms: number): Promise<void>;
  sleepUntil(id: string, at: Date | string): Promise<void>;
}

export interface InngestConcurrency {
  key?: string;
  limit: number;
}

/** Inngest flow control, applied by the adapter in inngest/ (the embedded runner has its own). */
export interface InngestOptions {
  /** Retries of a failed step (Inngest allows 0–20; its default is 3). */
  retries?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
  /** CEL over the event, e.g. `event.data.runKey`: one run per key within 24 h. */
  idempotency?: string;
  /**
   * Steps running at once, per `key` (CEL over the event) when given. Inngest applies up to two
   * limits together (e.g. per org and per endpoint: docs/decisions/1023).
   */
  concurrency?: InngestConcurrency | readonly [InngestConcurrency, InngestConcurrency];
  throttle?: { key?: string; limit: number; period: `${number}${"s" | "m" | "h"}` };
}

/**
 * A job triggered by an event, one run per item (a delivery, an email), as dispatchers see it:
 * its trigger and flow control, no handler. Under Inngest each event starts a run of the handler
 * the registry binds to it (`EventJob`). The embedded runner does not run items one by one:
 * dispatching wakes `embeddedWorker`, a scheduled job that claims every due item in a batch.
 */
export interface EventJobSpec<S extends z.ZodType = z.ZodType> {
  kind: "event";
  id: string;
  name: string;
  trigger: { event: string; schema: S };
  embeddedWorker: WorkerId;
  inngest?: InngestOptions;
}

/** An event job with its handler bound (lib/jobs/registry.ts): what the Inngest adapter serves. */
export interface EventJob<S extends z.ZodType = z.ZodType> extends EventJobSpec<S> {
  // Method syntax: a job list holds jobs of different payloads (parameters are bivariant).
  handler(ctx: { payload: z.output<S>; step: JobStep }): Promise<unknown>;
}

/** What one pass of a scheduled job may use. */
export interface PassContext {
  now: Date;
  /** Work this pass started and did not await (embedded runner): how much is still running. */
  inFlight: number;
  /** Hands over work that outlives the pass: shutdown waits for it; its end wakes the job again. */
  track: (work: Promise<unknown>) => void;
  /**
   * Embedded runner: the payloads dispatched to this worker since its last pass (an event job's
   * items, as `dispatch` got them; lib/jobs/backend.ts). Plain data, to be parsed by the worker.
   */
  received?: readonly unknown[];
  /**
   * Whether the table may hold work the received items do not tell of: the worker's first pass,
   * a `wake` without items (released leases, a test), or items dropped because too many waited.
   * Absent (callers that are not the runner) counts as true.
   */
  nudged?: boolean;
}

export interface PassResult {
  /** When the next known item is due (the embedded runner sleeps until then), or null. */
  next: Date | null;
  /** Counts for the run's log and Inngest's run output. */
  summary?: Record<string, number>;
}

/**
 * A job that runs in passes: a sweep (Inngest cron, a safety net) or an embedded worker (the
 * runner's loop: a pass when its next item is due, when woken, and at least every `pollMs`).
 */
export interface ScheduledJob<Id extends string = string> {
  kind: "scheduled";
  id: Id;
  name: string;
  /** Inngest's schedule. The embedded runner ignores it and uses `next` and `pollMs`. */
  trigger: { cron: string };
  backends: readonly JobBackend[];
  /** Embedded runner: the longest wait between passes (default 30 s). */
  pollMs?: number;
  inngest?: InngestOptions;
  handler: (ctx: PassContext) => Promise<PassResult>;
}

export type JobDefinition = EventJob | ScheduledJob;

/** An item to dispatch: `id` dedupes it at Inngest (the same id twice within 24 h is one event). */
export interface JobItem<S extends z.ZodType> {
  id: string;
  payload: z.input<S>;
}

export function defineEventJob<S extends z.ZodType>(job: Omit<EventJobSpec<S>, "kind">): EventJobSpec<S> {
  return { kind: "event", ...job };
}

/** Binds an event job's handler (the registry does, with a lazy import of the domain module). */
export function handledBy<S extends z.ZodType>(
  job: EventJobSpec<S>,
  handler: EventJob<S>["handler"],
): EventJob<S> {
  return { ...job, handler };
}

export function defineScheduledJob<const Id extends string>(
  job: Omit<ScheduledJob<Id>, "kind">,
): ScheduledJob<Id> {
  return { kind: "scheduled", ...job };
}
