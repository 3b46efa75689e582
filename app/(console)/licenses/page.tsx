import type { Metadata } from "next";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { LicenseManager } from "@/app/(console)/licenses/license-manager";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import type { LicenseStatus } from "@/lib/licenses/license-schema";
import { licenseStatus } from "@/lib/licenses/license-status";
import { listLicenses } from "@/lib/licenses/list-licenses";

export const metadata: Metadata = { title: "Licences" };

const STATUS_TEXT: Record<LicenseStatus["status"], string> = {
  not_required: "Not required (cloud)",
  free: "Free tier (no licence)",
  valid: "Valid",
  grace: "Valid, issuer not reachable",
  invalid: "Not valid",
};

/**
 * Cloud: Owners and Billing members issue, list and revoke self-hosted licences (issue 48).
 * Self-hosted: this installation's licence, its limits and usage, and what to do when it fails.
 */
export default async function LicensesPage() {
  const member = await requireConsoleMember();
  const db = await getDb();
  const cloud = env.SVC_DEPLOYMENT_MODE === "cloud";
  const manage = can(member.role, "licenses:manage");
  if (cloud) {
    const list = manage ? await listLicenses(db, member.orgId, { limit: 200 }) : { items: [] };
    return (
      <>
        <div className="page-head">
          <div>
            <h1>Licences</h1>
            <p>
              Licences for {member.orgName}&apos;s self-hosted installations: each is a signed key that the
              installation verifies offline, with an expiry and limits. Revoking one stops new rooms there at
              its next check.
            </p>
          </div>
        </div>
        {manage ? (
          <LicenseManager licenses={list.items} />
        ) : (
          <div className="callout" role="note">
            <div>Only the Owner and Billing roles can issue and revoke licences.</div>
          </div>
        )}
      </>
    );
  }
  const status = await licenseStatus(db);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Licence</h1>
          <p>
            This self-hosted installation&apos;s licence, read from its configuration (docs/operations.md).
          </p>
        </div>
      </div>
      <section className="card" aria-labelledby="licence-status" data-testid="license-status">
        <h2 id="licence-status">{STATUS_TEXT[status.status]}</h2>
        {status.detail ? <p>{status.detail}</p> : null}
        {status.status === "free" ? (
          <p>
            No licence is configured: the installation runs as the free tier. Set SVC_LICENSE_FILE (or
            SVC_LICENSE_KEY) and SVC_LICENSE_PUBLIC_KEY to use one.
          </p>
        ) : null}
        {status.license ? (
          <dl className="grid">
            <dt>Licence</dt>
            <dd>
              {status.license.name} ({status.license.id})
            </dd>
            <dt>Licensed to</dt>
            <dd>{status.license.org_name}</dd>
            <dt>Expires</dt>
            <dd>{status.license.expires_at}</dd>
            <dt>Seats</dt>
            <dd>
              {status.usage?.seats ?? "?"} of {status.license.limits.seats}
            </dd>
            <dt>Concurrent participants</dt>
            <dd>
              {status.usage?.concurrent_participants ?? "?"} of{" "}
              {status.license.limits.concurrent_participants}
            </dd>
            <dt>Last checked</dt>
            <dd>{status.checked_at ?? "not yet"}</dd>
            <dt>Issuer last reached</dt>
            <dd>{status.issuer_reached_at ?? "never (offline licence, or not yet)"}</dd>
          </dl>
        ) : null}
      </section>
    </>
  );
}
