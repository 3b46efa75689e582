"use client";

import { AccountForm, newPasswordField } from "@/app/_components/account-form";

export function ResetConfirmForm({ token }: { token: string }) {
  return (
    <AccountForm
      path="/v1/auth/password-reset/confirm"
      extra={{ token }}
      fields={[newPasswordField("New password")]}
      submit="Set password"
      problemText={{
        link_expired: "This link was already used or has expired. Ask for a new one.",
        not_found: "This link is not valid. Ask for a new one.",
      }}
      onDone={() => window.location.assign("/login?reset=done")}
    />
  );
}
