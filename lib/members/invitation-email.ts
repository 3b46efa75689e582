import { linkUrl } from "@/lib/accounts/link-token";
import { renderAccountEmail } from "@/lib/accounts/render-account-email";
import type { RenderedEmail } from "@/lib/email/enqueue-emails";

/** The org invitation: who invites, to which org, as what, and the single-use accept link. */
export function renderMemberInvitationEmail(input: {
  orgName: string;
  inviter: { displayName: string; email: string };
  role: string;
  token: string;
}): RenderedEmail {
  const inviter = input.inviter.displayName.trim() || input.inviter.email;
  return renderAccountEmail({
    subject: `${inviter} invited you to join ${input.orgName} on SVC`,
    heading: `Join ${input.orgName}`,
    paragraphs: [
      // A workspace API key has no address (docs/decisions/1290): its name alone.
      `${inviter}${input.inviter.email ? ` (${input.inviter.email})` : ""} invited you to join the organisation ${input.orgName} as ${input.role}.`,
      "The link works once and expires in 7 days.",
    ],
    action: { label: "Accept the invitation", url: linkUrl("accept-invite", input.token) },
    footer: `You received this because ${inviter} entered your address. If you did not expect it, ignore this email.`,
  });
}
