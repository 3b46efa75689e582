"use client";

import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { IconSpinner } from "@/app/_components/icons/ui";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { useToast } from "@/app/_components/toast";

/** Ends every session of the member, this one included: a wide action, so it asks first (issue 38). */
export function SignOutEverywhere() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  async function signOut() {
    setBusy(true);
    const res = await api("/v1/auth/logout-all", { method: "POST" });
    if (res.ok) {
      window.location.assign("/login");
      return;
    }
    setBusy(false);
    setOpen(false);
    toast.error("Not signed out", res.problem.detail);
  }
  return (
    <>
      <button
        type="button"
        className="btn danger"
        disabled={busy}
        data-testid="sign-out-everywhere"
        onClick={() => setOpen(true)}
      >
        {busy ? <IconSpinner className="spin" /> : null} Sign out everywhere
      </button>
      <LazyConfirmDialog
        open={open}
        busy={busy}
        title="Sign out everywhere?"
        description="Every browser and device signed in to your account is signed out, this one included. You sign in again to continue."
        action="Sign out everywhere"
        danger
        testId="confirm-sign-out-everywhere"
        onConfirm={signOut}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
