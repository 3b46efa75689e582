"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { type FormEvent, useRef, useState } from "react";
import { api } from "@/app/_components/api-client";
import { IconAlert, IconSpinner } from "@/app/_components/icons";
import { landingFor } from "@/app/_lib/landing";
import type { Identity } from "@/lib/identity/load-member";

async function landingPage(): Promise<string> {
  const me = await api<Identity>("/v1/workspace/me");
  return me.ok ? landingFor(me.data) : "/projects";
}

/** Email and password through next-auth's credentials provider; it sets the `svc_session` cookie. */
export function LoginForm({ initialError }: { initialError: string | null }) {
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
    const result = await signIn("credentials", { email, password, redirect: false }).catch(() => undefined);
    if (result?.ok && !result.error) {
      router.replace(await landingPage());
      router.refresh();
      return;
    }
    setBusy(false);
    setError(
      result === undefined
        ? "The server could not be reached. Check your connection and try again."
        : result.error === "rate_limited"
          ? "Too many attempts. Wait a few minutes and try again."
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
      <div className="field">
        <label htmlFor="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          required
          // biome-ignore lint/a11y/noAutofocus: the sign-in page exists for this one field.
          autoFocus
          aria-describedby={error ? "login-error" : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          ref={passwordRef}
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "login-error" : undefined}
        />
      </div>
      <button className="btn block" type="submit" disabled={busy} style={{ marginTop: 4, minHeight: 38 }}>
        {busy ? <IconSpinner className="spin" /> : null}
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
