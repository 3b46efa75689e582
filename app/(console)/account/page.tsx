import type { Metadata } from "next";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { ChangePasswordForm } from "@/app/(console)/account/change-password-form";
import { Passkeys } from "@/app/(console)/account/passkeys";
import { RequireTwoFactor } from "@/app/(console)/account/require-two-factor";
import { SessionsList } from "@/app/(console)/account/sessions-list";
import { SignOutEverywhere } from "@/app/(console)/account/sign-out-everywhere";
import { SsoSettingsForm } from "@/app/(console)/account/sso-settings";
import { TwoFactor } from "@/app/(console)/account/two-factor";
import { can } from "@/lib/auth/roles";
import { readTwoFactorPolicy } from "@/lib/auth/two-factor/org-policy";
import { twoFactorStatus } from "@/lib/auth/two-factor/two-factor-status";
import { getDb } from "@/lib/db";
import { listPasskeys } from "@/lib/passkeys/manage-passkeys";
import { listSessions } from "@/lib/sessions/list-sessions";
import { getSsoSettings, ssoRedirectUri } from "@/lib/sso/sso-settings";

export const metadata: Metadata = { title: "Account" };

/** The signed-in person's own account: password, two-factor and sessions. */
export default async function AccountPage() {
  const member = await requireConsoleMember();
  const db = await getDb();
  const owner = can(member.role, "security:manage");
  const [twoFactor, policy, passkeys, sessions, sso] = await Promise.all([
    twoFactorStatus(db, member.userId),
    owner ? readTwoFactorPolicy(db, member.orgId) : null,
    listPasskeys(db, member.userId),
    listSessions(db, member.userId, member.sessionId),
    owner ? getSsoSettings(db, member.orgId) : null,
  ]);
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
        <section className="card" aria-labelledby="two-factor-heading">
          <h2 id="two-factor-heading">Two-factor authentication</h2>
          <TwoFactor
            enabled={twoFactor.enabled}
            recoveryLeft={twoFactor.recoveryLeft}
            required={twoFactor.required || member.mustEnrolTwoFactor}
          />
        </section>
        <section className="card" aria-labelledby="passkeys-heading">
          <h2 id="passkeys-heading">Passkeys</h2>
          <Passkeys items={passkeys} />
        </section>
        {policy ? (
          <section className="card" aria-labelledby="policy-heading">
            <h2 id="policy-heading">Two-factor for {member.orgName}</h2>
            <RequireTwoFactor
              required={policy.require_two_factor}
              without={policy.members_without_two_factor}
            />
          </section>
        ) : null}
        {owner ? (
          <section className="card" aria-labelledby="sso-heading">
            <h2 id="sso-heading">Single sign-on for {member.orgName}</h2>
            {/* Keyed by the last save: a saved form starts afresh (the secret field empty again). */}
            <SsoSettingsForm key={sso?.updated_at ?? "none"} settings={sso} redirectUri={ssoRedirectUri()} />
          </section>
        ) : null}
        <section className="card" aria-labelledby="password-heading">
          <h2 id="password-heading">Change password</h2>
          <p className="muted">Your other sessions are signed out; this one continues.</p>
          <ChangePasswordForm />
        </section>
        <section className="card" aria-labelledby="session-list-heading" style={{ gridColumn: "1 / -1" }}>
          <h2 id="session-list-heading">Where you are signed in</h2>
          <SessionsList items={sessions} />
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
