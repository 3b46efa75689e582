import { z } from "zod";
import { defineEventJob } from "@/lib/jobs/define-job";

/**
 * One queued email's run under Inngest: sleep until its release time (the org's hourly cap), then
 * the same claim-and-send as the embedded worker (docs/decisions/0300). Any email of the queue, not
 * only invitations: the id stays as it was because runs in flight are keyed by it. At most a few
 * sends at once per org: more would only wait on the org's cap lock. On the embedded backend
 * `sweep-due-emails` sends them. The handler (lib/email/run-email.ts) is bound in lib/jobs/registry.ts.
 */
export const sendInvitationEmail = defineEventJob({
  id: "send-invitation-email",
  name: "Send a queued email",
  trigger: {
    event: "svc/invitation.email.requested",
    schema: z.object({ email_id: z.string(), org_id: z.string() }),
  },
  embeddedWorker: "sweep-due-emails",
  inngest: { retries: 4, concurrency: { key: "event.data.org_id", limit: 4 } },
});

export type EmailRequested = z.output<typeof sendInvitationEmail.trigger.schema>;
