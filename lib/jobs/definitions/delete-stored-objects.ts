import { z } from "zod";
import { defineEventJob, defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Deletes the stored objects of deleted recordings and projects (docs/decisions/0920). The queue
 * is the `object_deletions` table, so a deletion survives a restart: the embedded worker polls it,
 * and under Inngest this cron is the safety net for a lost event or an expired lease.
 */
export const deleteStoredObjects = defineScheduledJob({
  id: "delete-stored-objects",
  name: "Delete stored objects of deleted recordings",
  trigger: { cron: "*/5 * * * *" },
  backends: ["embedded", "inngest"],
  pollMs: 60_000,
  inngest: { retries: 2, concurrency: { limit: 1 } },
  handler: async (ctx) => (await import("@/lib/storage/object-deletions")).deleteStoredObjectsPass(ctx),
});

/**
 * Sent when a deletion commits: under Inngest one pass runs at once; on the embedded backend it
 * wakes the worker above.
 */
export const deleteStoredObjectsRequested = defineEventJob({
  id: "delete-stored-objects-requested",
  name: "Delete stored objects now",
  trigger: { event: "svc/stored-objects.delete.requested", schema: z.object({ org_id: z.string() }) },
  embeddedWorker: "delete-stored-objects",
  inngest: { retries: 2, concurrency: { limit: 1 } },
  handler: async (): Promise<unknown> =>
    (await import("@/lib/storage/object-deletions")).deleteStoredObjectsPass({ now: new Date() }),
});
