"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { IconLogOut, IconSpinner } from "@/app/_components/icons";

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label="Sign out"
      title="Sign out"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut({ callbackUrl: "/login" });
      }}
    >
      {busy ? <IconSpinner className="spin" /> : <IconLogOut />}
    </button>
  );
}
