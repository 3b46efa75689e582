import type { RenderedEmail } from "@/lib/email/enqueue-emails";
import { html, multiline } from "@/lib/email/html";
import { roomTypeLabel } from "@/lib/invitations/room-type-label";

export interface InvitationEmailInput {
  room: { name: string; type: string };
  inviter: { name: string; email: string };
  shareLink: string;
  note?: string | null;
}

/** Headers are one line: a room name with a line break must not split the subject. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The branded invitation: HTML (table layout and inline styles, which mail clients honour) plus
 * the plain-text part. Every user-supplied string goes through `html`, which escapes it.
 */
export function renderInvitationEmail(input: InvitationEmailInput): RenderedEmail {
  const roomName = oneLine(input.room.name);
  const inviter = oneLine(input.inviter.name) || input.inviter.email;
  const kind = roomTypeLabel(input.room.type);
  const subject = `${inviter} invited you to “${roomName}”`;
  const note = input.note?.trim() ? input.note.trim() : null;

  const body = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${subject}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f8;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#141824;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f8;padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e3e6ee;">
<tr><td style="background:#0b0d12;padding:20px 28px;">
<span style="display:inline-block;width:12px;height:12px;border-radius:3px;background:#6d8cff;margin-right:8px;vertical-align:middle;"></span>
<span style="color:#e6e8ee;font-size:16px;font-weight:600;vertical-align:middle;">SVC Meet</span>
</td></tr>
<tr><td style="padding:28px;">
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3;">You're invited to ${roomName}</h1>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5;"><strong>${inviter}</strong>${input.inviter.email ? ` (${input.inviter.email})` : ""} invited you to join the ${kind} <strong>${roomName}</strong>.</p>
${
  note
    ? html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;"><tr><td style="border-left:3px solid #6d8cff;background:#f5f7ff;padding:12px 16px;font-size:14px;line-height:1.5;color:#2a3142;">${multiline(note)}</td></tr></table>`
    : ""
}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px;"><tr><td style="border-radius:8px;background:#3b50c8;">
<a href="${input.shareLink}" style="display:inline-block;padding:12px 22px;color:#ffffff;font-size:15px;font-weight:600;text-decoration:none;">Join the ${kind}</a>
</td></tr></table>
<p style="margin:0;font-size:13px;line-height:1.5;color:#5b6477;">Or open this link: <a href="${input.shareLink}" style="color:#3d5fe0;">${input.shareLink}</a></p>
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #eef0f5;font-size:12px;color:#5b6477;">You received this because ${inviter} entered your address. If you did not expect it, you can ignore this email.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    `You're invited to ${roomName}`,
    "",
    `${inviter}${input.inviter.email ? ` (${input.inviter.email})` : ""} invited you to join the ${kind} "${roomName}".`,
    ...(note ? ["", note] : []),
    "",
    `Join: ${input.shareLink}`,
    "",
    `You received this because ${inviter} entered your address. If you did not expect it, you can ignore this email.`,
  ].join("\n");

  return { subject, html: body.value, text };
}
