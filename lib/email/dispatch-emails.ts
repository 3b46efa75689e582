import { inngest } from "@/inngest/client";
import type { QueuedEmail } from "@/lib/email/enqueue-emails";
import { EMAIL_WORKER } from "@/lib/email/worker";
import { backgroundDriver } from "@/lib/jobs/driver";
import { wake } from "@/lib/jobs/embedded-runner";
import { log } from "@/lib/log/logger";

export const EMAIL_REQUESTED_EVENT = "svc/invitation.email.requested";

/**
 * After the queuing transaction commits: tell the background runtime. The rows are the source of
 * truth, so a lost notification delays an email but never loses it (the embedded runner polls;
 * under Inngest a cron sweep sends whatever is overdue).
 */
export async function dispatchEmails(queued: readonly QueuedEmail[]): Promise<void> {
  if (queued.length === 0) return;
  if (backgroundDriver() === "embedded") {
    wake(EMAIL_WORKER);
    return;
  }
  try {
    await inngest.send(
      queued.map((e) => ({ id: `email-${e.id}`, name: EMAIL_REQUESTED_EVENT, data: { email_id: e.id } })),
    );
  } catch (err) {
    log.error("could not notify Inngest of queued emails; the sweep will send them", {
      count: queued.length,
      err,
    });
  }
}
