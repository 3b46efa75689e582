"use client";

import { AccountForm } from "@/app/_components/account-form";
import { landingFor } from "@/app/_lib/landing";
import type { Identity } from "@/lib/identity/identity-schema";

export function VerifyEmailButton({ token }: { token: string }) {
  return (
    <AccountForm
      path="/v1/auth/verify-email"
      extra={{ token }}
      fields={[]}
      submit="Confirm and create my account"
      problemText={{
        link_expired: "This link was already used or has expired. Sign up again.",
        not_found: "This link is not valid. Sign up again.",
      }}
      onDone={(res) => window.location.assign(landingFor(res.data as Identity))}
    />
  );
}
