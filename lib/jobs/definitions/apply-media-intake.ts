import { defineScheduledJob, type PassContext } from "@/lib/jobs/define-job";

/** One pass over the stored media-plane requests (lib/media/apply-intake.ts), all nodes or one. */
export const applyMediaIntakePass = async (ctx: Pick<PassContext, "now">, node?: string) =>
  (await import("@/lib/media/apply-intake")).applyMediaIntakePass(ctx, node);

/**
 * Applies stored media-plane requests (docs/decisions/1200). Embedded: woken by each stored
 * request, and polls every 2 s for rows another instance stored or whose retry is due. Inngest:
 * each stored request starts a run (./apply-media-intake-requested.ts); this cron is the sweep.
 */
export const applyMediaIntake = defineScheduledJob({
  id: "apply-media-intake",
  name: "Apply stored media-plane events",
  backends: ["embedded", "inngest"],
  pollMs: 2_000,
  trigger: { cron: "* * * * *" },
  inngest: { retries: 2, concurrency: { limit: 1 } },
  handler: applyMediaIntakePass,
});
