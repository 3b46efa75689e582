"use client";

import { type ReactNode, useState } from "react";
import { IconSpinner } from "@/app/_components/icons/ui";

/**
 * next-auth's sign-out (CSRF token, then POST /api/auth/signout) by hand: `next-auth/react` would
 * add ~10 kB gzip to every console page for these two requests.
 */
async function signOut(): Promise<void> {
  try {
    const csrf = (await (await fetch("/api/auth/csrf", { cache: "no-store" })).json()) as {
      csrfToken?: string;
    };
    await fetch("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken ?? "", callbackUrl: "/login", json: "true" }),
    });
  } finally {
    // Whatever the answer, leave the console; the sign-in page says if the session is still there.
    location.assign("/login");
  }
}

/** `icon`: drawn by the server, so no icon module ships with every page (decision 1101). */
export function SignOutButton({ icon }: { icon: ReactNode }) {
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
        void signOut();
      }}
    >
      {busy ? <IconSpinner className="spin" /> : icon}
    </button>
  );
}
