"use client";

import { useState } from "react";
import { AccountForm } from "@/app/_components/account-form";

export function ResetRequestForm() {
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <div className="callout ok" role="status" data-testid="reset-sent">
        <div>If that address has an account, a link is on its way. It works once, for 30 minutes.</div>
      </div>
    );
  }
  return (
    <AccountForm
      path="/v1/auth/password-reset"
      fields={[{ name: "email", label: "Email", type: "email", autoComplete: "email" }]}
      submit="Email me a link"
      onDone={() => setSent(true)}
    />
  );
}
