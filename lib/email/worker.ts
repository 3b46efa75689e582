import { getDb } from "@/lib/db";
import { processDueEmails } from "@/lib/email/process-due-emails";
import { registerWorker } from "@/lib/jobs/embedded-runner";

export const EMAIL_WORKER = "emails";

/** The embedded driver: the runner calls one pass whenever the next email is due or on wake. */
export function registerEmailWorker(): void {
  registerWorker({
    name: EMAIL_WORKER,
    runDue: async (now) => (await processDueEmails(await getDb(), now)).next,
  });
}
