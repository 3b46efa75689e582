import { z } from "zod";
import { defineEventJob, defineScheduledJob, type PassContext } from "@/lib/jobs/define-job";

/** One pass over the `object_deletions` queue (loaded when a pass runs, not when a deletion dispatches). */
const pass = async (ctx: Pick<PassContext, "now">) =>
  (await import("@/lib/storage/object-deletions")).deleteStoredObjectsPass(ctx);

/** One pass at a time across the deployment (passes would only contend for the same rows), retried twice. */
const ONE_PASS_AT_A_TIME = { retries: 2, concurrency: { limit: 1 } } as const;

/**
 * Deletes the stored objects of deleted recordings and projects (docs/decisions/0920). The queue
 * is the `object_deletions` table, so a deletion survives a restart. Each backend has its own
 * cadence, and a deletion starts a pass at once on both (below).
 */
export const deleteStoredObjects = defineScheduledJob({
  id: "delete-stored-objects",
  name: "Delete stored objects of deleted recordings",
  backends: ["embedded", "inngest"],
  // Embedded: the worker polls the queue at least every minute.
  pollMs: 60_000,
  // Inngest: this cron is only the safety net for a lost event or an expired lease.
  trigger: { cron: "*/5 * * * *" },
  inngest: ONE_PASS_AT_A_TIME,
  handler: pass,
});

/**
 * Sent when a deletion commits: under Inngest one pass runs at once; on the embedded backend it
 * wakes the worker above.
 */
export const deleteStoredObjectsRequested = defineEventJob({
  id: "delete-stored-objects-requested",
  name: "Delete stored objects now",
  trigger: { event: "svc/stored-objects.delete.requested", schema: z.object({ org_id: z.string() }) },
  embeddedWorker: deleteStoredObjects.id,
  inngest: ONE_PASS_AT_A_TIME,
  handler: (): Promise<unknown> => pass({ now: new Date() }),
});
