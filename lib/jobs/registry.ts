import type { JobDefinition } from "@/lib/jobs/define-job";
import { checkWebhookHealth } from "@/lib/jobs/definitions/check-webhook-health";
import {
  deleteStoredObjects,
  deleteStoredObjectsRequested,
} from "@/lib/jobs/definitions/delete-stored-objects";
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
 * (lib/jobs/backend.ts); Inngest serves all of them that are meant for it (inngest/functions.ts).
 * Adding a job: a definition file in lib/jobs/definitions/, and a line here.
 */
export const jobs: readonly JobDefinition[] = [
  deliverWebhook,
  deliverDueWebhooks,
  sweepWebhookDeliveries,
  sendInvitationEmail,
  sweepDueEmails,
  checkWebhookHealth,
  instanceHeartbeat,
  pruneRetention,
  deleteStoredObjects,
  deleteStoredObjectsRequested,
  reconcileMedia,
];
