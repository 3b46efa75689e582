"use client";

import { type FormEvent, useState } from "react";
import { api } from "@/app/_components/api-client";
import { CopyButton } from "@/app/_components/copy-button";
import { TextField } from "@/app/_components/field";
import { IconSpinner } from "@/app/_components/icons/ui";
import { TwoFactorError } from "@/app/(console)/account/two-factor-error";

/**
 * Turning two-factor on, once started (two-factor.tsx loads this when "Turn on two-factor" is
 * pressed, so the account page's first load does not carry it; decision 1385): scan the QR code,
 * confirm a code, then keep the recovery codes, shown once.
 */
export function TwoFactorEnrolment({
  secret,
  qr,
  onDone,
}: {
  secret: string;
  /** The QR code of the `otpauth://` URI as SVG markup (two-factor.tsx renders it with uqr). */
  qr: string;
  /** The recovery codes were kept: back to the account page as it now is. */
  onDone: () => void;
}) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get("totp-code") ?? "").trim();
    setBusy(true);
    setError(null);
    const res = await api<{ recovery_codes: string[] }>("/v1/workspace/me/totp/confirm", { json: { code } });
    setBusy(false);
    if (!res.ok) {
      setError(res.problem.errors[0]?.message ?? res.problem.detail);
      return;
    }
    setCodes(res.data.recovery_codes);
  }

  if (codes) {
    return (
      <div data-testid="recovery-codes">
        <p>
          <strong>Two-factor is on.</strong> Save these recovery codes somewhere safe: each signs you in once
          if you lose your phone. They are not shown again.
        </p>
        <ul className="mono" style={{ columns: 2, listStyle: "none", padding: 0 }}>
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          <CopyButton value={codes.join("\n")} label="recovery codes" text="Copy codes" />
          <button type="button" className="btn" onClick={onDone}>
            I saved them
          </button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={confirm} noValidate aria-label="Confirm two-factor">
      <p>
        Scan this code with an authenticator app (1Password, Google Authenticator, Authy…), then enter the
        code it shows.
      </p>
      <div
        role="img"
        aria-label="QR code for your authenticator app"
        data-testid="totp-qr"
        style={{ width: 176, height: 176, background: "#fff", padding: 4 }}
        // Generated from the server's otpauth URI by uqr (two-factor.tsx): markup of rectangles only.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG we just rendered ourselves
        dangerouslySetInnerHTML={{ __html: qr }}
      />
      <p className="hint">
        Cannot scan? Type this key:{" "}
        <span className="mono" data-testid="totp-secret">
          {secret}
        </span>
      </p>
      <TwoFactorError error={error} />
      <TextField
        id="totp-code"
        label="Code from the app"
        autoComplete="one-time-code"
        inputMode="numeric"
        placeholder="123456"
        required
        aria-describedby={error ? "two-factor-error" : undefined}
      />
      <button className="btn" type="submit" disabled={busy}>
        {busy ? <IconSpinner className="spin" /> : null} Turn on
      </button>
    </form>
  );
}
