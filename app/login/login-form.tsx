"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { api } from "@/app/_components/api-client";
import { TextField } from "@/app/_components/field";
import { IconAlert, IconSpinner } from "@/app/_components/icons/ui";
import { landingFor } from "@/app/_lib/landing";
import type { Identity } from "@/lib/identity/identity-schema";

/**
 * next-auth's credentials sign-in (CSRF token, then POST /api/auth/callback/credentials) by hand,
 * as `next-auth/react` does it, without shipping that module: undefined when the server could not
 * be reached, else the error next-auth put in its redirect URL (none on success).
 */
async function signIn(email: string, password: string): Promise<{ error: string | null } | undefined> {
  try {
    const csrf = (await (await fetch("/api/auth/csrf", { cache: "no-store" })).json()) as {
      csrfToken?: string;
    };
    const res = await fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email,
        password,
        csrfToken: csrf.csrfToken ?? "",
        callbackUrl: "/",
        json: "true",
      }),
    });
    const data = (await res.json().catch(() => ({}))) as { url?: string };
    const error = data.url ? new URL(data.url, location.origin).searchParams.get("error") : "Unknown";
    return { error: res.ok ? error : (error ?? "Unknown") };
  } catch {
    return undefined;
  }
}

async function landingPage(): Promise<string> {
  const me = await api<Identity>("/v1/workspace/me");
  return me.ok ? landingFor(me.data) : "/";
}

/** Email and password through next-auth's credentials provider; it sets the `svc_session` cookie. */
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
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      setError("Enter your email and password.");
      return;
    }
    setBusy(true);
    setError(null);
    const result = await signIn(email, password);
    if (result && !result.error) {
      router.replace(returnTo ?? (await landingPage()));
      router.refresh();
      return;
    }
    setBusy(false);
    setError(
      result === undefined
        ? "The server could not be reached. Check your connection and try again."
        : result.error === "rate_limited"
          ? "Too many attempts. Wait a few minutes and try again."
          : result.error === "sign_in_proof_required"
            ? "This account had too many failed sign-ins from elsewhere. Sign in from a place you used before, wait 15 minutes, or reset your password by email."
            : "The email or password is wrong.",
    );
    if (passwordRef.current) {
      passwordRef.current.value = "";
      passwordRef.current.focus();
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      {error ? (
        <div className="form-error" role="alert" id="login-error">
          <IconAlert /> {error}
        </div>
      ) : null}
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
