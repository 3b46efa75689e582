import type { Metadata } from "next";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { ChangePasswordForm } from "@/app/(console)/account/change-password-form";
import { SignOutEverywhere } from "@/app/(console)/account/sign-out-everywhere";

export const metadata: Metadata = { title: "Account" };

/** The signed-in person's own account: password and sessions. */
export default async function AccountPage() {
  const member = await requireConsoleMember();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Account</h1>
          <p>
            {member.displayName} · {member.email}
          </p>
        </div>
      </div>
      <div className="two-col">
        <section className="card" aria-labelledby="password-heading">
          <h2 id="password-heading">Change password</h2>
          <p className="muted">Your other sessions are signed out; this one continues.</p>
          <ChangePasswordForm />
        </section>
        <section className="card" aria-labelledby="sessions-heading">
          <h2 id="sessions-heading">Sign out everywhere</h2>
          <p className="muted">
            Ends every session of your account, on every device and for every API client using your session
            token, this one included.
          </p>
          <SignOutEverywhere />
        </section>
      </div>
    </>
  );
}
