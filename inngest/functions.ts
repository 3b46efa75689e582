import type { InngestFunction } from "inngest";
import { deliverWebhook, sweepWebhookDeliveries } from "@/inngest/deliver-webhook";
import { sendInvitationEmail, sweepDueEmails } from "@/inngest/send-invitation-email";

/** Every durable function served at /api/inngest. Each feature appends its functions here. */
export const functions: InngestFunction.Any[] = [
  sendInvitationEmail,
  sweepDueEmails,
  deliverWebhook,
  sweepWebhookDeliveries,
];
