"use client";

import { AccountForm } from "@/app/_components/account-form";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/identity/password-limits";

export function ResetConfirmForm({ token }: { token: string }) {
  return (
    <AccountForm
      path="/v1/auth/password-reset/confirm"
      extra={{ token }}
      fields={[
        {
          name: "password",
          label: "New password",
          type: "password",
          autoComplete: "new-password",
          hint: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
        },
      ]}
      submit="Set password"
      problemText={{
        link_expired: "This link was already used or has expired. Ask for a new one.",
        not_found: "This link is not valid. Ask for a new one.",
      }}
      onDone={() => window.location.assign("/login?reset=done")}
    />
  );
}
