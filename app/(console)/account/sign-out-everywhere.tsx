"use client";

import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { IconSpinner } from "@/app/_components/icons";
import { useToast } from "@/app/_components/toast";

export function SignOutEverywhere() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn danger"
      disabled={busy}
      data-testid="sign-out-everywhere"
      onClick={async () => {
        setBusy(true);
        const res = await api("/v1/auth/logout-all", { method: "POST" });
        if (res.ok) {
          window.location.assign("/login");
          return;
        }
        setBusy(false);
        toast.error("Not signed out", res.problem.detail);
      }}
    >
      {busy ? <IconSpinner className="spin" /> : null} Sign out everywhere
    </button>
  );
}
