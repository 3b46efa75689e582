"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { api } from "@/app/_components/api-client";
import { TextField } from "@/app/_components/field";
import { IconAlert, IconSpinner } from "@/app/_components/icons/ui";
import { landingFor } from "@/app/_lib/landing";
import { getPasskey } from "@/app/_lib/passkey-ceremony";
import type { Identity } from "@/lib/identity/identity-schema";

/**
 * The ways in besides a password (issue 46): a passkey, password-less (docs/decisions/1341), and
 * the organisation's identity provider, found by the email's domain (docs/decisions/1343).
 */
export function OtherWays({ returnTo }: { returnTo: string | undefined }) {
  const router = useRouter();
  const [busy, setBusy] = useState<"passkey" | "sso" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sso, setSso] = useState(false);

  async function passkey() {
    setBusy("passkey");
    setError(null);
    const got = await getPasskey();
    if (!got.ok) {
      setBusy(null);
      setError(got.message);
      return;
    }
    const res = await api<Identity>("/v1/auth/passkey", { json: { response: got.response } });
    if (res.ok) {
      router.replace(returnTo ?? landingFor(res.data));
      router.refresh();
      return;
    }
    setBusy(null);
    setError(res.problem.detail);
  }

  async function startSso(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("sso-email") ?? "").trim();
    setBusy("sso");
    setError(null);
    const res = await api<{ authorization_url: string }>("/v1/auth/sso/start", { json: { email } });
    if (res.ok) {
      window.location.assign(res.data.authorization_url);
      return;
    }
    setBusy(null);
    setError(res.problem.errors.length ? "Enter your work email address." : res.problem.detail);
  }

  return (
    <div className="other-ways" style={{ marginTop: 16, display: "grid", gap: 8 }}>
      {error ? (
        <div className="form-error" role="alert" id="other-ways-error">
          <IconAlert /> {error}
        </div>
      ) : null}
      <button
        type="button"
        className="btn secondary block"
        onClick={passkey}
        disabled={busy !== null}
        data-testid="passkey-sign-in"
      >
        {busy === "passkey" ? <IconSpinner className="spin" /> : null} Continue with a passkey
      </button>
      {sso ? (
        <form onSubmit={startSso} aria-label="Single sign-on" noValidate>
          <TextField
            id="sso-email"
            label="Work email"
            type="email"
            autoComplete="username"
            required
            autoFocus
          />
          <button type="submit" className="btn secondary block" disabled={busy !== null}>
            {busy === "sso" ? <IconSpinner className="spin" /> : null} Continue with single sign-on
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="btn secondary block"
          onClick={() => setSso(true)}
          data-testid="sso-sign-in"
        >
          Continue with SSO
        </button>
      )}
    </div>
  );
}
