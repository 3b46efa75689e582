import type { RenderedEmail } from "@/lib/email/enqueue-emails";
import { html } from "@/lib/email/html";

export interface AccountEmailInput {
  subject: string;
  heading: string;
  /** Paragraphs of plain text (escaped). */
  paragraphs: string[];
  /** The call to action; absent for a purely informative email. */
  action?: { label: string; url: string };
  footer: string;
}

/** One layout for every account email (org invitation, sign-up verification, password reset). */
export function renderAccountEmail(input: AccountEmailInput): RenderedEmail {
  const subject = input.subject.replace(/\s+/g, " ").trim();
  const action = input.action;
  const body = html`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${subject}</title></head>
<body style="margin:0;padding:24px 12px;background:#f3f4f8;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#141824;">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" align="center" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;border:1px solid #e3e6ee;">
<tr><td style="padding:28px;">
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3;">${input.heading}</h1>
${input.paragraphs.map((p) => html`<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">${p}</p>`)}
${
  action
    ? html`<p style="margin:8px 0 20px;"><a href="${action.url}" style="display:inline-block;padding:12px 22px;border-radius:8px;background:#3b50c8;color:#ffffff;font-size:15px;font-weight:600;text-decoration:none;">${action.label}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#5b6477;">Or open this link: <a href="${action.url}" style="color:#3d5fe0;">${action.url}</a></p>`
    : ""
}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #eef0f5;font-size:12px;color:#5b6477;">${input.footer}</td></tr>
</table>
</body>
</html>`;
  const text = [
    input.heading,
    "",
    ...input.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    input.footer,
  ].join("\n");
  return { subject, html: body.value, text };
}
