import { defineScheduledJob, type PassContext } from "@/lib/jobs/define-job";

/** One pass over the `object_deletions` queue (loaded when a pass runs, not when a deletion dispatches). */
export const deleteStoredObjectsPass = async (ctx: Pick<PassContext, "now">) =>
  (await import("@/lib/storage/object-deletions")).deleteStoredObjectsPass(ctx);

/** One pass at a time across the deployment (passes would only contend for the same rows), retried twice. */
const ONE_PASS_AT_A_TIME = { retries: 2, concurrency: { limit: 1 } } as const;

/**
 * Deletes the stored objects of deleted recordings and projects (docs/decisions/0920). The queue
 * is the `object_deletions` table, so a deletion survives a restart. Each backend has its own
 * cadence, and a deletion starts a pass at once on both (./delete-stored-objects-requested.ts).
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
  handler: deleteStoredObjectsPass,
});
