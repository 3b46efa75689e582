"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { api } from "@/app/_components/api-client";
import { TextField } from "@/app/_components/field";
import { IconSpinner } from "@/app/_components/icons/ui";
import { lazyComponent } from "@/app/_components/lazy-dialog";
import { useToast } from "@/app/_components/toast";
import { TwoFactorError } from "@/app/(console)/account/two-factor-error";

/** The enrolment's steps (scan, confirm, recovery codes): loaded when it starts (decision 1385). */
const loadEnrolment = () =>
  import("@/app/(console)/account/two-factor-enrolment").then((m) => m.TwoFactorEnrolment);
const TwoFactorEnrolment = lazyComponent(loadEnrolment);

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
  const [enrolling, setEnrolling] = useState<{ secret: string; qr: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    // The steps' code loads while the API answers.
    const [res] = await Promise.all([
      api<{ secret: string; otpauth_url: string }>("/v1/workspace/me/totp", { method: "POST" }),
      loadEnrolment().catch(() => undefined),
    ]);
    if (!res.ok) {
      setBusy(false);
      setError(res.problem.detail);
      return;
    }
    const qr = await qrSvg(res.data.otpauth_url);
    setBusy(false);
    setEnrolling({ secret: res.data.secret, qr });
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

  const errorBox = <TwoFactorError error={error} />;

  if (enrolling) {
    return (
      <TwoFactorEnrolment
        {...enrolling}
        onDone={() => {
          setEnrolling(null);
          router.refresh();
        }}
      />
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
