import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { orgSso, ssoStates } from "@/db/schema";
import { encryptSecret, sha256Hex } from "@/lib/crypto/secret-box";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { discover } from "@/lib/sso/oidc-client";
import { emailDomain, ssoForEmail } from "@/lib/sso/require-sso";
import { ssoRedirectUri } from "@/lib/sso/sso-settings";

/** A sign-in must come back from the provider within 10 minutes. */
export const SSO_STATE_TTL_MS = 10 * 60_000;
/** The browser's half of the state (docs/decisions/1343): a callback without it is someone else's. */
export const SSO_STATE_COOKIE = "svc_sso";

export function ssoStateCookieHeader(state: string): string {
  return `${SSO_STATE_COOKIE}=${state}; Path=/v1/auth/sso; HttpOnly; Secure; SameSite=Lax; Max-Age=${SSO_STATE_TTL_MS / 1000}`;
}

export function clearSsoStateCookieHeader(): string {
  return `${SSO_STATE_COOKIE}=; Path=/v1/auth/sso; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

const random = () => randomBytes(32).toString("base64url");

/**
 * Starts an SSO sign-in for an address (docs/decisions/1343): the org whose SSO claims its domain,
 * a fresh state (its hash kept; the browser gets it in a cookie), nonce and PKCE verifier, and the
 * provider's authorization URL to send the browser to.
 */
export async function startSso(
  db: DbOrTx,
  email: string,
  now: Date = new Date(),
): Promise<{ authorizationUrl: string; state: string }> {
  const sso = await ssoForEmail(db, email);
  if (!sso) {
    throw new ApiError(
      "sso_not_configured",
      `No organisation signs in ${emailDomain(email)} through single sign-on.`,
    );
  }
  const [config] = await db.select().from(orgSso).where(eq(orgSso.orgId, sso.orgId)).limit(1);
  if (!config) throw new ApiError("sso_not_configured", "Single sign-on was just removed.");
  const meta = await discover(config.issuer);
  const state = random();
  const nonce = random();
  const verifier = random();
  await db.delete(ssoStates).where(lt(ssoStates.expiresAt, now));
  await db.insert(ssoStates).values({
    stateHash: sha256Hex(state),
    orgId: sso.orgId,
    nonce,
    codeVerifier: encryptSecret(verifier),
    expiresAt: new Date(now.getTime() + SSO_STATE_TTL_MS),
  });
  const url = new URL(meta.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: config.clientId,
    redirect_uri: ssoRedirectUri(),
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    login_hint: email,
  }).toString();
  return { authorizationUrl: url.toString(), state };
}
