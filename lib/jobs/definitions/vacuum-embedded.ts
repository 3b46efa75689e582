import { defineScheduledJob } from "@/lib/jobs/define-job";

/**
 * The embedded database's vacuum (docs/decisions/1231): PGlite has no autovacuum, so this pass
 * vacuums the tables whose dead rows passed autovacuum's default threshold, every minute. On
 * PostgreSQL (autovacuum) the pass does nothing; Inngest deployments run on PostgreSQL.
 */
export const vacuumEmbedded = defineScheduledJob({
  id: "vacuum-embedded",
  name: "Vacuum the embedded database",
  trigger: { cron: "* * * * *" },
  backends: ["embedded"],
  pollMs: 60_000,
  handler: async (ctx) => (await import("@/lib/maintenance/vacuum-embedded")).vacuumPass(ctx),
});
