import type { RenderedEmail } from "@/lib/email/enqueue-emails";
import { html } from "@/lib/email/html";
import { env } from "@/lib/env";

export interface HealthEmailInput {
  kind: "failing" | "disabled";
  endpoint: { id: string; url: string };
  failingSince: Date;
  lastError: string | null;
  disableAfterHours: number;
}

/** The account email Owners and Admins get when an endpoint starts failing, and when it is disabled. */
export function renderHealthEmail(input: HealthEmailInput): RenderedEmail {
  const link = `${env.baseUrl}/webhooks/${input.endpoint.id}`;
  const since = input.failingSince.toISOString();
  const subject =
    input.kind === "failing"
      ? `Webhook endpoint failing: ${input.endpoint.url}`
      : `Webhook endpoint disabled: ${input.endpoint.url}`;
  const what =
    input.kind === "failing"
      ? `Deliveries to ${input.endpoint.url} have been failing since ${since}. If every delivery keeps failing for ${input.disableAfterHours} hours, the endpoint is disabled automatically.`
      : `Every delivery to ${input.endpoint.url} failed for ${input.disableAfterHours} hours (since ${since}), so the endpoint was disabled. New events are kept as skipped deliveries: re-enable it and use Recover to send them.`;
  const error = input.lastError ? `Last error: ${input.lastError}` : "";
  const body = html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${subject}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#141824;">
<p>${what}</p>
${error ? html`<p style="font-family:monospace;">${error}</p>` : ""}
<p><a href="${link}">Open the endpoint's delivery log</a></p>
</body></html>`;
  return { subject, html: body.value, text: `${what}\n${error}\n\n${link}\n` };
}
