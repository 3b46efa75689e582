import { z } from "zod";
import { defineEventJob } from "@/lib/jobs/define-job";

/** One pass at a time across the deployment, as the scheduled job (./delete-stored-objects.ts). */
const ONE_PASS_AT_A_TIME = { retries: 2, concurrency: { limit: 1 } } as const;

/**
 * Sent when a deletion commits: under Inngest one pass runs at once; on the embedded backend it
 * wakes the `delete-stored-objects` worker. Its handler (one pass) is bound in lib/jobs/registry.ts.
 */
export const deleteStoredObjectsRequested = defineEventJob({
  id: "delete-stored-objects-requested",
  name: "Delete stored objects now",
  trigger: { event: "svc/stored-objects.delete.requested", schema: z.object({ org_id: z.string() }) },
  embeddedWorker: "delete-stored-objects",
  inngest: ONE_PASS_AT_A_TIME,
});
