import { linkUrl } from "@/lib/accounts/link-token";
import { renderAccountEmail } from "@/lib/accounts/render-account-email";
import type { RenderedEmail } from "@/lib/email/enqueue-emails";
import { env } from "@/lib/env";

const IGNORE = "If you did not ask for this, ignore this email; nothing changes.";

export function renderVerifyEmail(token: string, orgName: string): RenderedEmail {
  return renderAccountEmail({
    subject: "Confirm your email to create your SVC account",
    heading: "Confirm your email",
    paragraphs: [
      `Confirm this address to create your account and the organisation ${orgName}.`,
      "The link works once and expires in 24 hours.",
    ],
    action: { label: "Confirm and create my account", url: linkUrl("verify-email", token) },
    footer: IGNORE,
  });
}

/** Sign-up with an address that has an account: say so, instead of telling the requester. */
export function renderAlreadyRegistered(): RenderedEmail {
  return renderAccountEmail({
    subject: "You already have an SVC account",
    heading: "You already have an account",
    paragraphs: [
      "Someone (probably you) tried to sign up with this address, which already has an account.",
      "Sign in, or reset your password if you forgot it.",
    ],
    action: { label: "Sign in", url: `${env.baseUrl}/login` },
    footer: IGNORE,
  });
}

export function renderPasswordReset(token: string): RenderedEmail {
  return renderAccountEmail({
    subject: "Reset your SVC password",
    heading: "Reset your password",
    paragraphs: [
      "Choose a new password with the link below. It works once and expires in 30 minutes.",
      "Resetting signs you out everywhere.",
    ],
    action: { label: "Choose a new password", url: linkUrl("reset-password", token) },
    footer: IGNORE,
  });
}
