"use client";

import { useState } from "react";
import { AccountForm, newPasswordField } from "@/app/_components/account-form";

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
        newPasswordField("Password"),
        { name: "org_name", label: "Organisation name", type: "text", autoComplete: "organization" },
      ]}
      submit="Create account"
      onDone={() => setSent(true)}
    />
  );
}
