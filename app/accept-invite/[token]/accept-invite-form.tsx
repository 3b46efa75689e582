"use client";

import { AccountForm } from "@/app/_components/account-form";
import { landingFor } from "@/app/_lib/landing";
import type { Identity } from "@/lib/identity/identity-schema";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/identity/password-limits";

export function AcceptInviteForm({ token, accountExists }: { token: string; accountExists: boolean }) {
  return (
    <AccountForm
      path="/v1/auth/invitations/accept"
      extra={{ token }}
      fields={
        accountExists
          ? [{ name: "password", label: "Your password", type: "password", autoComplete: "current-password" }]
          : [
              { name: "display_name", label: "Your name", type: "text", autoComplete: "name" },
              {
                name: "password",
                label: "Choose a password",
                type: "password",
                autoComplete: "new-password",
                hint: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
              },
            ]
      }
      submit={accountExists ? "Join with my account" : "Create account and join"}
      problemText={{ invalid_credentials: "That password is wrong." }}
      // The answer set the session cookie: a full load so the console reads it.
      onDone={(res) => window.location.assign(landingFor(res.data as Identity))}
    />
  );
}
