"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { api } from "@/app/_components/api-client";
import { TextField } from "@/app/_components/field";
import { IconAlert, IconSpinner } from "@/app/_components/icons/ui";
import { landingFor } from "@/app/_lib/landing";
import { getPasskey } from "@/app/_lib/passkey-ceremony";
import type { Identity } from "@/lib/identity/identity-schema";

/** What the second step asks for: the app's code, or one of the recovery codes. */
type SecondStep = "otp" | "recovery_code";

function message(code: string, detail: string): string {
  switch (code) {
    case "rate_limited":
      return "Too many attempts. Wait a few minutes and try again.";
    case "sign_in_proof_required":
      return "This account had too many failed sign-ins from elsewhere. Sign in from a place you used before, wait 15 minutes, or reset your password by email.";
    case "invalid_second_factor":
    case "second_factor_replayed":
    case "invalid_passkey":
    case "passkey_counter_regressed":
    case "passkey_challenge_invalid":
    case "sso_required":
    case "validation_failed":
    case "email_not_confirmed":
      return detail;
    case "network_error":
      return "The server could not be reached. Check your connection and try again.";
    default:
      return "The email or password is wrong.";
  }
}

/**
 * Email and password through `POST /v1/auth/login` (it sets the `svc_session` cookie next-auth
 * reads too); an account with two-factor on gets a second step asking for the authenticator
 * app's code or a recovery code, and may remember this browser for 30 days (docs/decisions/1260).
 */
export function LoginForm({
  initialError,
  returnTo,
}: {
  initialError: string | null;
  /** The page to go back to (already checked to be one of ours), else the landing page. */
  returnTo: string | undefined;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<SecondStep | null>(null);
  const credentials = useRef<{ email: string; password: string } | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  async function submit(body: Record<string, unknown>) {
    setBusy(true);
    setError(null);
    const res = await api<Identity>("/v1/auth/login", { json: body });
    if (res.ok) {
      router.replace(returnTo ?? landingFor(res.data));
      router.refresh();
      return;
    }
    setBusy(false);
    if (res.problem.code === "second_factor_required") {
      setStep((s) => s ?? "otp");
      return;
    }
    setError(message(res.problem.code, res.problem.detail));
    if (step && codeRef.current) {
      codeRef.current.value = "";
      codeRef.current.focus();
    } else if (passwordRef.current) {
      passwordRef.current.value = "";
      passwordRef.current.focus();
    }
  }

  async function onPassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      setError("Enter your email and password.");
      return;
    }
    credentials.current = { email, password };
    await submit({ email, password });
  }

  async function onCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const code = String(form.get("code") ?? "").trim();
    if (!code || !credentials.current || !step) {
      setError(step === "recovery_code" ? "Enter one of your recovery codes." : "Enter the 6-digit code.");
      return;
    }
    await submit({ ...credentials.current, [step]: code, remember_device: form.get("remember") === "on" });
  }

  /** A passkey as the second factor (docs/decisions/1341). */
  async function withPasskey() {
    if (!credentials.current) return;
    setError(null);
    const got = await getPasskey();
    if (!got.ok) {
      setError(got.message);
      return;
    }
    await submit({ ...credentials.current, passkey: got.response });
  }

  const errorBox = error ? (
    <div className="form-error" role="alert" id="login-error">
      <IconAlert /> {error}
    </div>
  ) : null;

  if (step) {
    const otp = step === "otp";
    return (
      <form onSubmit={onCode} noValidate aria-label="Two-factor code" key={step}>
        <p className="hint" style={{ marginTop: 0 }}>
          {otp
            ? "Two-factor is on for this account. Enter the 6-digit code your authenticator app shows."
            : "Enter one of the recovery codes you saved when you turned on two-factor. Each works once."}
        </p>
        {errorBox}
        <TextField
          ref={codeRef}
          id="code"
          label={otp ? "Authentication code" : "Recovery code"}
          autoComplete="one-time-code"
          inputMode={otp ? "numeric" : "text"}
          placeholder={otp ? "123456" : "abcde-fghij"}
          required
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "login-error" : undefined}
        />
        <label
          className="check"
          style={{ display: "flex", gap: 8, alignItems: "center", margin: "4px 0 12px" }}
        >
          <input type="checkbox" name="remember" /> Remember this browser for 30 days
        </label>
        <button className="btn block" type="submit" disabled={busy} style={{ minHeight: 38 }}>
          {busy ? <IconSpinner className="spin" /> : null}
          {busy ? "Checking…" : "Verify"}
        </button>
        <p className="auth-links">
          <button
            type="button"
            className="btn ghost"
            onClick={() => {
              setError(null);
              setStep(otp ? "recovery_code" : "otp");
            }}
          >
            {otp ? "Use a recovery code instead" : "Use the authenticator app instead"}
          </button>
          <button type="button" className="btn ghost" onClick={withPasskey} disabled={busy}>
            Use a passkey instead
          </button>
        </p>
      </form>
    );
  }

  return (
    <form onSubmit={onPassword} noValidate aria-label="Sign in">
      {errorBox}
      <TextField
        id="email"
        label="Email"
        type="email"
        autoComplete="username"
        placeholder="you@company.com"
        required
        // The sign-in page exists for this one field.
        autoFocus
        aria-describedby={error ? "login-error" : undefined}
      />
      <TextField
        ref={passwordRef}
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "login-error" : undefined}
      />
      <button className="btn block" type="submit" disabled={busy} style={{ marginTop: 4, minHeight: 38 }}>
        {busy ? <IconSpinner className="spin" /> : null}
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
