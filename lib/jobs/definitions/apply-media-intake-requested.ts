import { z } from "zod";
import { defineEventJob } from "@/lib/jobs/define-job";

/**
 * Sent when a media-plane request is stored (lib/media/accept-intake.ts): under Inngest one run
 * applies that node's stored requests, one run per node at a time (its requests apply in order);
 * on the embedded backend it wakes the `apply-media-intake` worker. The handler is bound in
 * lib/jobs/registry.ts.
 */
export const applyMediaIntakeRequested = defineEventJob({
  id: "apply-media-intake-requested",
  name: "Apply stored media-plane events now",
  trigger: { event: "svc/media.intake.stored", schema: z.object({ node: z.string() }) },
  embeddedWorker: "apply-media-intake",
  inngest: { retries: 3, concurrency: { key: "event.data.node", limit: 1 } },
});
