import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/app/_components/auth-card";
import { planGate } from "@/app/_lib/plan-gate";
import { safeReturnPath } from "@/app/_lib/return-path";
import { LoginForm } from "@/app/login/login-form";
import { OtherWays } from "@/app/login/other-ways";
import { decodeSessionToken, SESSION_COOKIE } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { loadSessionMember } from "@/lib/identity/load-member";
import { DEMO_PASSWORD, hasUsers } from "@/lib/seed/seed-demo";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

/** next-auth sends its errors here as `?error=` (pages.error is /login). */
const NEXT_AUTH_ERRORS: Record<string, string> = {
  CredentialsSignin: "The email or password is wrong.",
  SessionRequired: "Sign in to continue.",
  email_not_confirmed: "Confirm your email address first: open the link we sent to it, then sign in.",
};

/** Where the SSO callback sends a browser back with `?sso_error=` (docs/decisions/1343). */
const SSO_ERRORS: Record<string, string> = {
  sso_state_mismatch:
    "That single sign-on did not start in this browser, or took over 10 minutes. Start again.",
  sso_token_invalid:
    "Your identity provider's answer could not be verified. Try again, or ask your administrator.",
  sso_domain_mismatch:
    "Your identity provider signed you in with an address outside your organisation's domains.",
  sso_not_configured: "Single sign-on is no longer set up for your organisation.",
  sso_provider_unreachable: "Your identity provider could not be reached. Try again in a moment.",
};

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Already signed in (and still a member): straight to the console.
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const claims = token ? await decodeSessionToken(token) : null;
  // An ended session (logout elsewhere, removal) must not bounce back into the console.
  const member = claims ? await loadSessionMember(await getDb(), claims) : null;
  const sp = await searchParams;
  const returnTo = safeReturnPath(typeof sp.next === "string" ? sp.next : undefined);
  if (member) redirect(returnTo ?? (planGate(member, env.SVC_DEPLOYMENT_MODE).canSelect ? "/plan" : "/"));

  const error = sp.error;
  const ssoError = typeof sp.sso_error === "string" ? sp.sso_error : undefined;
  const initialError = ssoError
    ? (SSO_ERRORS[ssoError] ?? "Single sign-on failed. Try again.")
    : typeof error === "string"
      ? (NEXT_AUTH_ERRORS[error] ?? "Sign-in failed. Try again.")
      : null;
  // Self-hosted first run: nobody can sign in yet, so point at the page that creates the owner.
  const firstRun = env.SVC_DEPLOYMENT_MODE === "self_host" && !(await hasUsers(await getDb()));

  return (
    <AuthCard
      title="Sign in to your workspace"
      lede="Projects, rooms, recordings, API keys and webhooks in one place."
      foot={`${env.SVC_DEPLOYMENT_MODE === "cloud" ? "SVC Cloud" : "Self-hosted SVC"} · Sessions last 7 days`}
    >
      {firstRun ? (
        <div className="callout" role="note" data-testid="first-run" style={{ marginBottom: 16 }}>
          <div>
            <strong>New installation?</strong> It has no users yet.{" "}
            <Link href="/setup">Create the first owner</Link> to get started.
          </div>
        </div>
      ) : null}
      {sp.reason === "expired" ? (
        <div className="callout" role="status" data-testid="session-ended" style={{ marginBottom: 16 }}>
          <div>
            <strong>Your session has ended.</strong> Sign in again
            {returnTo ? " to go back to the page you were on" : " to continue"}.
          </div>
        </div>
      ) : null}
      {sp.reset === "done" ? (
        <div className="callout ok" role="status" style={{ marginBottom: 16 }}>
          <div>Your password is set. Sign in with it.</div>
        </div>
      ) : null}
      {sp.setup === "done" ? (
        <div className="callout ok" role="status" style={{ marginBottom: 16 }}>
          <div>Your organisation is ready. Sign in with the owner you just created.</div>
        </div>
      ) : null}
      <LoginForm initialError={initialError} returnTo={returnTo} />
      <OtherWays returnTo={returnTo} />
      <p className="auth-links">
        <Link href="/reset-password">Forgot your password?</Link>
        {env.signupOpen ? (
          <>
            {" · "}
            <Link href="/signup">Create an account</Link>
          </>
        ) : null}
      </p>
      {env.NODE_ENV === "development" ? (
        <p className="demo-hint">
          Demo data: <span className="mono">owner@acme.test</span> (or admin, developer, member, billing,
          viewer) with password <span className="mono">{DEMO_PASSWORD}</span>.
        </p>
      ) : null}
    </AuthCard>
  );
}
