import { handledBy, type JobDefinition } from "@/lib/jobs/define-job";
import { applyMediaIntake, applyMediaIntakePass } from "@/lib/jobs/definitions/apply-media-intake";
import { applyMediaIntakeRequested } from "@/lib/jobs/definitions/apply-media-intake-requested";
import { checkWebhookHealth } from "@/lib/jobs/definitions/check-webhook-health";
import { deleteStoredObjects, deleteStoredObjectsPass } from "@/lib/jobs/definitions/delete-stored-objects";
import { deleteStoredObjectsRequested } from "@/lib/jobs/definitions/delete-stored-objects-requested";
import { deliverDueWebhooks } from "@/lib/jobs/definitions/deliver-due-webhooks";
import { deliverWebhook } from "@/lib/jobs/definitions/deliver-webhook";
import { ejectParticipants } from "@/lib/jobs/definitions/eject-participants";
import { foldOrgCounters } from "@/lib/jobs/definitions/fold-org-counters";
import { instanceHeartbeat } from "@/lib/jobs/definitions/instance-heartbeat";
import { pruneRetention } from "@/lib/jobs/definitions/prune-retention";
import { reconcileMedia } from "@/lib/jobs/definitions/reconcile-media";
import { rollUpUsageJob } from "@/lib/jobs/definitions/roll-up-usage";
import { sendInvitationEmail } from "@/lib/jobs/definitions/send-invitation-email";
import { sweepDueEmails } from "@/lib/jobs/definitions/sweep-due-emails";
import { sweepWebhookDeliveries } from "@/lib/jobs/definitions/sweep-webhook-deliveries";
import { vacuumEmbedded } from "@/lib/jobs/definitions/vacuum-embedded";
import { watchMediaNodes } from "@/lib/jobs/definitions/watch-media-nodes";

/**
 * Every background job, once. The embedded runner starts the scheduled ones meant for it
 * (lib/jobs/start-jobs.ts); Inngest serves all of them that are meant for it (inngest/functions.ts).
 * Adding a job: a definition file in lib/jobs/definitions/, and a line here. An event job's
 * handler is bound here, with a lazy import: the domain code that dispatches the job imports only
 * its declaration, and the handler's module is loaded when a run starts (docs/decisions/1020).
 */
export const jobs: readonly JobDefinition[] = [
  handledBy(deliverWebhook, async (ctx) =>
    (await import("@/lib/webhooks/delivery/run-delivery")).runDelivery(ctx),
  ),
  deliverDueWebhooks,
  sweepWebhookDeliveries,
  handledBy(sendInvitationEmail, async (ctx) => (await import("@/lib/email/run-email")).runEmail(ctx)),
  sweepDueEmails,
  checkWebhookHealth,
  instanceHeartbeat,
  pruneRetention,
  deleteStoredObjects,
  handledBy(deleteStoredObjectsRequested, () => deleteStoredObjectsPass({ now: new Date() })),
  reconcileMedia,
  vacuumEmbedded,
  applyMediaIntake,
  handledBy(applyMediaIntakeRequested, (ctx) => applyMediaIntakePass({ now: new Date() }, ctx.payload.node)),
  foldOrgCounters,
  watchMediaNodes,
  rollUpUsageJob,
  ejectParticipants,
];
