import { handledBy, type JobDefinition } from "@/lib/jobs/define-job";
import { checkWebhookHealth } from "@/lib/jobs/definitions/check-webhook-health";
import { deleteStoredObjects, deleteStoredObjectsPass } from "@/lib/jobs/definitions/delete-stored-objects";
import { deleteStoredObjectsRequested } from "@/lib/jobs/definitions/delete-stored-objects-requested";
import { deliverDueWebhooks } from "@/lib/jobs/definitions/deliver-due-webhooks";
import { deliverWebhook } from "@/lib/jobs/definitions/deliver-webhook";
import { instanceHeartbeat } from "@/lib/jobs/definitions/instance-heartbeat";
import { pruneRetention } from "@/lib/jobs/definitions/prune-retention";
import { reconcileMedia } from "@/lib/jobs/definitions/reconcile-media";
import { sendInvitationEmail } from "@/lib/jobs/definitions/send-invitation-email";
import { sweepDueEmails } from "@/lib/jobs/definitions/sweep-due-emails";
import { sweepWebhookDeliveries } from "@/lib/jobs/definitions/sweep-webhook-deliveries";

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
];
