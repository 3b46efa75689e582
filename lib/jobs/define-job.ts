import type { z } from "zod";

/**
 * What a job is, whichever backend runs it (docs/architecture.md, "Background jobs"). A job is
 * declared once, in `lib/jobs/definitions/<id>.ts`, and listed once, in `lib/jobs/registry.ts`.
 * Definitions hold no domain logic: their handler lazily imports the domain module that does the
 * work, so code that only dispatches a job (a route, the outbox) never loads its handler.
 */

export type JobBackend = "embedded" | "inngest";

/** Durable steps (Inngest's `step`). A step's result must be plain JSON: Inngest stores it. */
export interface JobStep {
  run<T>(id: string, fn: () => Promise<T>): Promise<T>;
  sleep(id: string, ms: number): Promise<void>;
  sleepUntil(id: string, at: Date | string): Promise<void>;
}

/** Inngest flow control, applied by the adapter in inngest/ (the embedded runner has its own). */
export interface InngestOptions {
  /** Retries of a failed step (Inngest allows 0–20; its default is 3). */
  retries?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
  /** CEL over the event, e.g. `event.data.runKey`: one run per key within 24 h. */
  idempotency?: string;
  /** Steps running at once, per `key` (CEL over the event) when given. */
  concurrency?: { key?: string; limit: number };
  throttle?: { key?: string; limit: number; period: `${number}${"s" | "m" | "h"}` };
}

/**
 * A job triggered by an event, one run per item (a delivery, an email). Under Inngest each event
 * starts a run of `handler`. The embedded runner does not run items one by one: dispatching wakes
 * `embeddedWorker`, a scheduled job that claims every due item in a batch.
 */
export interface EventJob<S extends z.ZodType = z.ZodType> {
  kind: "event";
  id: string;
  name: string;
  trigger: { event: string; schema: S };
  embeddedWorker: string;
  inngest?: InngestOptions;
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
export interface ScheduledJob {
  kind: "scheduled";
  id: string;
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

export function defineEventJob<S extends z.ZodType>(job: Omit<EventJob<S>, "kind">): EventJob<S> {
  return { kind: "event", ...job };
}

export function defineScheduledJob(job: Omit<ScheduledJob, "kind">): ScheduledJob {
  return { kind: "scheduled", ...job };
}
