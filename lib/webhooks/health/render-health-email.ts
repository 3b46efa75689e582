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

/** How many endpoints a digest names one by one; the rest are counted. */
export const DIGEST_LISTED = 20;

/**
 * One email per admin for every endpoint of an org that started failing since the last notice
 * (docs/decisions/1306): one endpoint reads as before; several are listed, newest failure first,
 * with a link to the Webhooks page that shows them all.
 */
export function renderFailingDigest(input: {
  endpoints: { id: string; url: string; failingSince: Date; lastError: string | null }[];
  disableAfterHours: number;
}): RenderedEmail {
  const [only] = input.endpoints;
  if (input.endpoints.length === 1 && only)
    return renderHealthEmail({
      kind: "failing",
      endpoint: only,
      failingSince: only.failingSince,
      lastError: only.lastError,
      disableAfterHours: input.disableAfterHours,
    });
  const n = input.endpoints.length;
  const listed = input.endpoints.slice(0, DIGEST_LISTED);
  const more = n - listed.length;
  const subject = `Webhook endpoints failing: ${n} endpoints`;
  const what = `Deliveries to ${n} webhook endpoints started failing. An endpoint whose every delivery keeps failing for ${input.disableAfterHours} hours is disabled automatically.`;
  const page = `${env.baseUrl}/webhooks`;
  const line = (e: (typeof listed)[number]) =>
    `${e.url} (since ${e.failingSince.toISOString()}${e.lastError ? `; ${e.lastError}` : ""})`;
  const body = html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${subject}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#141824;">
<p>${what}</p>
<ul>${listed.map((e) => html`<li><a href="${env.baseUrl}/webhooks/${e.id}">${e.url}</a>: since ${e.failingSince.toISOString()}${e.lastError ? html`, <span style="font-family:monospace;">${e.lastError}</span>` : ""}</li>`)}</ul>
${more > 0 ? html`<p>And ${String(more)} more.</p>` : ""}
<p><a href="${page}">Open Webhooks</a></p>
</body></html>`;
  const text = `${what}\n\n${listed.map((e) => `- ${line(e)}`).join("\n")}${more > 0 ? `\nAnd ${more} more.` : ""}\n\n${page}\n`;
  return { subject, html: body.value, text };
}
