import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Removes participants whose time is up (docs/decisions/1323): room tokens minted with
 * `ejectAtExpiry` at their expiry, and connections a revocation or ban marked whose removal must
 * be asked again. Embedded: at the next due time, and at least every second (the bound after
 * expiry is this second plus the node's kick). Inngest: every minute (cron's finest step).
 */
export const ejectParticipants = defineScheduledJob({
  id: "eject-participants",
  name: "Eject participants whose credential expired or was revoked",
  trigger: { cron: "* * * * *" },
  backends: ["embedded", "inngest"],
  pollMs: 1_000,
  inngest: { retries: 1, concurrency: { limit: 1 } },
  handler: async (ctx) => (await import("@/lib/media/moderation/eject-due")).ejectDuePass(ctx),
});
