import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * Embedded runner only: this instance's heartbeat, and early release of the leases a dead instance
 * held (docs/decisions/0962). Under Inngest, Inngest retries a lost run itself.
 */
export const instanceHeartbeat = defineScheduledJob({
  id: "instance-heartbeat",
  name: "Instance heartbeat and dead-lease release",
  trigger: { cron: "* * * * *" },
  backends: ["embedded"],
  pollMs: 3_000,
  handler: async (ctx) => (await import("@/lib/instances/heartbeat-pass")).heartbeatPass(ctx),
});
