import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { memberships, orgSso, ssoDomains, ssoStates, users } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import { hashPassword } from "@/lib/auth/password";
import { decryptSecret, safeEqual, sha256Hex } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { loadMember, type Member } from "@/lib/identity/load-member";
import { newId } from "@/lib/ids";
import { discover, exchangeCode, verifyIdToken } from "@/lib/sso/oidc-client";
import { emailDomain } from "@/lib/sso/require-sso";
import { ssoRedirectUri } from "@/lib/sso/sso-settings";

const mismatch = (detail: string) => new ApiError("sso_state_mismatch", detail);

/**
 * The provider sent the browser back (docs/decisions/1343). The state must be the one this browser
 * started (its cookie) and one we issued, unused and unexpired (spent now); the code is exchanged
 * with the PKCE verifier; the ID token's issuer, audience, signature, expiry and nonce checked; its
 * email verified and inside the org's domains. Answers the member, created just-in-time with the
 * org's default role on a first sign-in.
 */
export async function finishSso(
  db: Db,
  input: {
    code?: string | undefined;
    state?: string | undefined;
    cookieState?: string | undefined;
    error?: string | undefined;
    errorDescription?: string | undefined;
  },
  origin: AuditContext["origin"],
  now: Date = new Date(),
): Promise<{ member: Member; joined: boolean }> {
  if (!input.state || !input.cookieState || !safeEqual(input.state, input.cookieState)) {
    throw mismatch("This sign-in was not started by this browser (its state does not match). Start again.");
  }
  const [pending] = await db
    .delete(ssoStates)
    .where(and(eq(ssoStates.stateHash, sha256Hex(input.state)), gt(ssoStates.expiresAt, now)))
    .returning();
  if (!pending)
    throw mismatch("This sign-in's state is unknown, already used or older than 10 minutes. Start again.");
  if (input.error) {
    throw new ApiError(
      "sso_token_invalid",
      `The identity provider answered ${input.error}${input.errorDescription ? `: ${input.errorDescription}` : ""}.`,
    );
  }
  if (!input.code) throw new ApiError("sso_token_invalid", "The identity provider sent no code.");
  const [config] = await db.select().from(orgSso).where(eq(orgSso.orgId, pending.orgId)).limit(1);
  if (!config) throw new ApiError("sso_not_configured", "Single sign-on was removed during this sign-in.");
  const meta = await discover(config.issuer);
  const idToken = await exchangeCode(
    meta,
    {
      clientId: config.clientId,
      clientSecret: decryptSecret(config.clientSecret),
      redirectUri: ssoRedirectUri(),
    },
    input.code,
    decryptSecret(pending.codeVerifier),
  );
  const claims = await verifyIdToken(meta, config.clientId, idToken, pending.nonce);
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email.includes("@")) throw new ApiError("sso_token_invalid", "The ID token carries no email.");
  if (claims.email_verified !== true) {
    throw new ApiError("sso_token_invalid", "The identity provider has not verified this email address.");
  }
  const [covered] = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, emailDomain(email)), eq(ssoDomains.orgId, pending.orgId)))
    .limit(1);
  if (!covered) {
    throw new ApiError(
      "sso_domain_mismatch",
      `${emailDomain(email)} is not one of this organisation's SSO domains.`,
    );
  }
  const name =
    typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 100) : email;
  const [known] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  // A new person gets a password nobody knows: they sign in through the provider (a reset can set one).
  const unusable = known ? null : await hashPassword(randomBytes(32).toString("base64url"));
  return db.transaction(async (tx) => {
    if (unusable) {
      await tx
        .insert(users)
        .values({ id: newId("user"), email, displayName: name, passwordHash: unusable, createdAt: now })
        .onConflictDoNothing({ target: users.email });
    }
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) throw new Error("user vanished during SSO sign-in");
    const added = await tx
      .insert(memberships)
      .values({ orgId: pending.orgId, userId: user.id, role: config.defaultRole, createdAt: now })
      .onConflictDoNothing()
      .returning({ role: memberships.role });
    const ctx: AuditContext = {
      orgId: pending.orgId,
      actor: { type: "user", id: user.id, label: email },
      origin,
    };
    if (added.length > 0) {
      await recordAudit(tx, ctx, {
        action: "member.joined",
        target: { type: "user", id: user.id },
        metadata: { via: "sso", role: config.defaultRole },
      });
    }
    const member = await loadMember(tx, user.id, pending.orgId);
    if (!member) throw new Error("membership vanished during SSO sign-in");
    return { member, joined: added.length > 0 };
  });
}
