"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { api } from "@/app/_components/api-client";
import { CopyButton } from "@/app/_components/copy-button";
import { TextField } from "@/app/_components/field";
import { IconAlert, IconSpinner } from "@/app/_components/icons/ui";
import { useToast } from "@/app/_components/toast";

type Stage =
  | { kind: "idle" }
  | { kind: "scan"; secret: string; qr: string }
  | { kind: "codes"; codes: string[] };

/**
 * The QR code of the `otpauth://` URI as inline SVG. `uqr` (a few kB) is loaded only when
 * enrolment starts, so the account page's first load does not carry it (docs/decisions/1101).
 */
async function qrSvg(text: string): Promise<string> {
  const { renderSVG } = await import("uqr");
  return renderSVG(text, { border: 2, whiteColor: "#ffffff", blackColor: "#000000" });
}

/** Turn two-factor on (scan, confirm, keep the recovery codes) or off (docs/decisions/1260). */
export function TwoFactor({
  enabled,
  recoveryLeft,
  required,
}: {
  enabled: boolean;
  recoveryLeft: number;
  /** An org of the member requires two-factor: it cannot be turned off, and must be turned on. */
  required: boolean;
}) {
  const router = useRouter();
  const toast = useToast();
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    const res = await api<{ secret: string; otpauth_url: string }>("/v1/workspace/me/totp", {
      method: "POST",
    });
    setBusy(false);
    if (!res.ok) {
      setError(res.problem.detail);
      return;
    }
    setStage({ kind: "scan", secret: res.data.secret, qr: await qrSvg(res.data.otpauth_url) });
  }

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
    setStage({ kind: "codes", codes: res.data.recovery_codes });
  }

  async function turnOff(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get("totp-off-code") ?? "").trim();
    setBusy(true);
    setError(null);
    const res = await api("/v1/workspace/me/totp", { method: "DELETE", json: { code } });
    setBusy(false);
    if (!res.ok) {
      setError(res.problem.errors[0]?.message ?? res.problem.detail);
      return;
    }
    toast.success("Two-factor is off");
    router.refresh();
  }

  const errorBox = error ? (
    <div className="form-error" role="alert" id="two-factor-error">
      <IconAlert /> {error}
    </div>
  ) : null;

  if (stage.kind === "codes") {
    return (
      <div data-testid="recovery-codes">
        <p>
          <strong>Two-factor is on.</strong> Save these recovery codes somewhere safe: each signs you in once
          if you lose your phone. They are not shown again.
        </p>
        <ul className="mono" style={{ columns: 2, listStyle: "none", padding: 0 }}>
          {stage.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          <CopyButton value={stage.codes.join("\n")} label="recovery codes" text="Copy codes" />
          <button
            type="button"
            className="btn"
            onClick={() => {
              setStage({ kind: "idle" });
              router.refresh();
            }}
          >
            I saved them
          </button>
        </div>
      </div>
    );
  }

  if (stage.kind === "scan") {
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
          // Generated here from the server's otpauth URI by uqr: markup of rectangles only.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG we just rendered ourselves
          dangerouslySetInnerHTML={{ __html: stage.qr }}
        />
        <p className="hint">
          Cannot scan? Type this key:{" "}
          <span className="mono" data-testid="totp-secret">
            {stage.secret}
          </span>
        </p>
        {errorBox}
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

  if (!enabled) {
    return (
      <div>
        {required ? (
          <div
            className="callout"
            role="status"
            data-testid="two-factor-required"
            style={{ marginBottom: 12 }}
          >
            <div>
              <strong>Your organisation requires two-factor.</strong> Turn it on to continue using the
              console.
            </div>
          </div>
        ) : null}
        <p className="muted">Sign-in asks for a code from an app on your phone as well as your password.</p>
        {errorBox}
        <button type="button" className="btn" disabled={busy} onClick={start} data-testid="two-factor-start">
          {busy ? <IconSpinner className="spin" /> : null} Turn on two-factor
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={turnOff} noValidate aria-label="Turn off two-factor">
      <p data-testid="two-factor-on">
        <strong>Two-factor is on.</strong> {recoveryLeft} of 10 recovery codes left.
      </p>
      {required ? (
        <p className="muted">Your organisation requires two-factor, so it cannot be turned off.</p>
      ) : (
        <>
          {errorBox}
          <TextField
            id="totp-off-code"
            label="Code or recovery code"
            autoComplete="one-time-code"
            required
            aria-describedby={error ? "two-factor-error" : undefined}
          />
          <button className="btn danger" type="submit" disabled={busy}>
            {busy ? <IconSpinner className="spin" /> : null} Turn off two-factor
          </button>
        </>
      )}
    </form>
  );
}
