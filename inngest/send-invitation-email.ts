import { inngest } from "@/inngest/client";
import { getDb } from "@/lib/db";
import { deliverEmailById, emailDueAt } from "@/lib/email/deliver-email-by-id";
import { EMAIL_REQUESTED_EVENT } from "@/lib/email/dispatch-emails";
import { processDueEmails } from "@/lib/email/process-due-emails";

/** Enough rounds for every retry and cap deferral an email can meet (far below Inngest's step limit). */
const MAX_ROUNDS = 60;

/**
 * The Inngest driver for one invitation email: sleep until its release time (the cap's plan),
 * then the same claim-and-send as the embedded runner. A transient failure or a cap deferral sets a
 * new release time in the row, and the loop sleeps until it. Step retries cover crashes.
 */
export const sendInvitationEmail = inngest.createFunction(
  { id: "send-invitation-email", retries: 4, triggers: { event: EMAIL_REQUESTED_EVENT } },
  async ({ event, step }) => {
    const emailId = String((event.data as { email_id?: unknown }).email_id ?? "");
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const due = await step.run(`due-${round}`, async () => emailDueAt(await getDb(), emailId));
      if (due.state !== "queued") return due;
      await step.sleepUntil(`wait-${round}`, due.dueAt);
      const sent = await step.run(`send-${round}`, async () =>
        deliverEmailById(await getDb(), emailId, new Date()),
      );
      if (sent.state !== "queued") return sent;
      // Not claimed although due (another sender holds the org this instant): do not spin.
      if (Date.parse(sent.dueAt) <= Date.now()) await step.sleep(`pause-${round}`, "5s");
    }
    return { state: "queued" as const, note: "left to the sweep" };
  },
);

/** Safety net under Inngest: sends anything overdue (a lost event, an expired lease). */
export const sweepDueEmails = inngest.createFunction(
  { id: "sweep-due-emails", retries: 1, triggers: { cron: "*/5 * * * *" } },
  async ({ step }) =>
    step.run("sweep", async () => {
      const r = await processDueEmails(await getDb(), new Date());
      return { sent: r.sent, failed: r.failed, retrying: r.retrying };
    }),
);
