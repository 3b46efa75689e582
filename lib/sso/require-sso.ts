import { and, eq } from "drizzle-orm";
import { memberships, orgSso, orgs, ssoDomains } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

/** The domain of an address, lower-cased: what an org's SSO claims. */
export function emailDomain(email: string): string {
  return email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
}

/** The org whose SSO covers an address's domain, if any (the sso_domains primary key). */
export async function ssoForEmail(
  db: DbOrTx,
  email: string,
): Promise<{ orgId: string; orgName: string; requireSso: boolean } | null> {
  const [row] = await db
    .select({ orgId: orgSso.orgId, orgName: orgs.name, requireSso: orgSso.requireSso })
    .from(ssoDomains)
    .innerJoin(orgSso, eq(orgSso.orgId, ssoDomains.orgId))
    .innerJoin(orgs, eq(orgs.id, ssoDomains.orgId))
    .where(eq(ssoDomains.domain, emailDomain(email)))
    .limit(1);
  return row ?? null;
}

/**
 * Password and passkey sign-in for an address whose domain's org requires SSO (docs/decisions/1344):
 * refused with 403 `sso_required`, except for that org's Owners, who keep their own credentials
 * (and second factor) as the way back in when the provider fails or is misconfigured.
 * Judged by the domain alone before any password is checked, so the answer says nothing about
 * whether the password was right.
 */
export async function assertSignInWithoutSsoAllowed(
  db: DbOrTx,
  email: string,
  userId: string | null,
): Promise<void> {
  const sso = await ssoForEmail(db, email);
  if (!sso?.requireSso) return;
  if (userId) {
    const [m] = await db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.orgId, sso.orgId), eq(memberships.userId, userId)))
      .limit(1);
    if (m?.role === "Owner") return;
  }
  throw new ApiError(
    "sso_required",
    `${sso.orgName} signs in through single sign-on for ${emailDomain(email)}: use "Continue with SSO" in the console, or POST /v1/auth/sso/start with your email.`,
  );
}
