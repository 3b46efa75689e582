import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Sends every due email, per org under the cap (claim with a lease, send, record). The embedded
 * backend's email worker; under Inngest, the safety net for lost events and expired leases.
 */
export const sweepDueEmails = defineScheduledJob({
  id: "sweep-due-emails",
  name: "Send due emails",
  trigger: { cron: "*/5 * * * *" },
  backends: ["embedded", "inngest"],
  inngest: { retries: 1 },
  handler: async (ctx) => (await import("@/lib/email/process-due-emails")).sweepDueEmails(ctx),
});
