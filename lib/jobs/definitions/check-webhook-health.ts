import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Webhook endpoint health (docs/decisions/0943): tells Owners and Admins when an endpoint starts
 * failing, and disables one that failed every delivery for SVC_WEBHOOK_DISABLE_AFTER_HOURS.
 */
export const checkWebhookHealth = defineScheduledJob({
  id: "check-webhook-health",
  name: "Check webhook endpoint health",
  trigger: { cron: "* * * * *" },
  backends: ["embedded", "inngest"],
  pollMs: 60_000,
  handler: async (ctx) =>
    (await import("@/lib/webhooks/health/check-endpoint-health")).checkEndpointHealth(ctx),
});
