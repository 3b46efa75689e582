/**
 * The embedded runner's workers: the scheduled jobs that run as loops in the server process
 * (lib/jobs/registry.ts; tests/jobs.test.ts checks that this list and the registry agree). A leaf
 * module, so an event job can name the worker that claims its items, and `wake` can refuse an
 * unknown id at compile time, without importing the registry.
 */
export const WORKER_IDS = [
  "deliver-due-webhooks",
  "sweep-due-emails",
  "check-webhook-health",
  "instance-heartbeat",
  "prune-retention",
  "delete-stored-objects",
  "reconcile-media",
  "vacuum-embedded",
  "apply-media-intake",
  "fold-org-counters",
  "watch-media-nodes",
  "roll-up-usage",
  "eject-participants",
] as const;

export type WorkerId = (typeof WORKER_IDS)[number];
