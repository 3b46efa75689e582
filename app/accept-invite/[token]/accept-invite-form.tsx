"use client";

import { AccountForm, newPasswordField } from "@/app/_components/account-form";
import { landingFor } from "@/app/_lib/landing";
import type { Identity } from "@/lib/identity/identity-schema";

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
              newPasswordField("Choose a password"),
            ]
      }
      submit={accountExists ? "Join with my account" : "Create account and join"}
      problemText={{ invalid_credentials: "That password is wrong." }}
      // The answer set the session cookie: a full load so the console reads it.
      onDone={(res) => window.location.assign(landingFor(res.data as Identity))}
    />
  );
}
