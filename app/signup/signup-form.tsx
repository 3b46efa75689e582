"use client";

import { useState } from "react";
import { AccountForm } from "@/app/_components/account-form";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/identity/password-limits";

export function SignupForm() {
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <div className="callout ok" role="status" data-testid="signup-sent">
        <div>Check your email: we sent a link to confirm the address. It works once, for 24 hours.</div>
      </div>
    );
  }
  return (
    <AccountForm
      path="/v1/auth/signup"
      fields={[
        { name: "display_name", label: "Your name", type: "text", autoComplete: "name" },
        { name: "email", label: "Work email", type: "email", autoComplete: "email" },
        {
          name: "password",
          label: "Password",
          type: "password",
          autoComplete: "new-password",
          hint: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
        },
        { name: "org_name", label: "Organisation name", type: "text", autoComplete: "organization" },
      ]}
      submit="Create account"
      onDone={() => setSent(true)}
    />
  );
}
