import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify, SignJWT } from "jose";
import {
  type LicenseClaims,
  type LicenseInvalidReason,
  licenseClaimsSchema,
  type RevocationListClaims,
  revocationListClaimsSchema,
} from "@/lib/licenses/license-schema";
import type { LicenseSigningKey } from "@/lib/licenses/license-signing-key";

/**
 * A licence key is `svc_lic_` and a JWT the issuer signs (EdDSA or ES256, `typ: svc-license+jwt`,
 * `aud: svc-self-host`): anyone holding the issuer's public key verifies it offline, with jose or
 * any JOSE library, after removing the prefix. The revocation list is a JWT of its own `typ`
 * signed by the same key, so a licence cannot pass for a list or a list for a licence.
 */

export const LICENSE_PREFIX = "svc_lic_";
export const LICENSE_TYP = "svc-license+jwt";
export const REVOCATIONS_TYP = "svc-license-revocations+jwt";
export const LICENSE_AUDIENCE = "svc-self-host";

export async function signLicense(
  key: LicenseSigningKey,
  claims: Omit<LicenseClaims, "aud">,
): Promise<string> {
  const { iss, sub, jti, iat, nbf, exp, ...rest } = claims;
  const jwt = await new SignJWT(rest)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: LICENSE_TYP })
    .setIssuer(iss)
    .setSubject(sub)
    .setAudience(LICENSE_AUDIENCE)
    .setJti(jti)
    .setIssuedAt(iat)
    .setNotBefore(nbf ?? iat)
    .setExpirationTime(exp)
    .sign(key.key);
  return `${LICENSE_PREFIX}${jwt}`;
}

export async function signRevocationList(
  key: LicenseSigningKey,
  claims: RevocationListClaims,
): Promise<string> {
  return new SignJWT({ revoked: claims.revoked })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: REVOCATIONS_TYP })
    .setIssuer(claims.iss)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(key.key);
}

export type Verified<T> =
  | { ok: true; claims: T }
  | { ok: false; reason: LicenseInvalidReason; message: string };

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Verifies a licence key offline against the issuer's public keys, at `now`. The message says
 * what is wrong in words an operator can act on (it is printed when the start is refused).
 */
export async function verifyLicense(
  text: string,
  publicKeys: JSONWebKeySet,
  now: Date = new Date(),
): Promise<Verified<LicenseClaims>> {
  const trimmed = text.trim();
  if (!trimmed.startsWith(LICENSE_PREFIX) || trimmed.split(".").length !== 3) {
    return {
      ok: false,
      reason: "malformed",
      message: `is not a licence key (expected "${LICENSE_PREFIX}" followed by the signed token the issuer showed)`,
    };
  }
  const jwt = trimmed.slice(LICENSE_PREFIX.length);
  try {
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(publicKeys), {
      algorithms: ["EdDSA", "ES256"],
      typ: LICENSE_TYP,
      audience: LICENSE_AUDIENCE,
      currentDate: now,
    });
    const claims = licenseClaimsSchema.safeParse(payload);
    if (!claims.success) {
      return { ok: false, reason: "malformed", message: "is signed but does not carry a licence's claims" };
    }
    return { ok: true, claims: claims.data };
  } catch (err) {
    return { ok: false, ...explain(err, jwt) };
  }
}

function explain(err: unknown, jwt: string): { reason: LicenseInvalidReason; message: string } {
  if (err instanceof errors.JWTExpired) {
    const exp = Number(err.payload.exp);
    return {
      reason: "expired",
      message: `expired on ${Number.isFinite(exp) ? iso(exp) : "its expiry date"} (licence ${String(err.payload.jti ?? "")}); renew it with the issuer`,
    };
  }
  if (err instanceof errors.JWTClaimValidationFailed && err.claim === "nbf") {
    return { reason: "not_yet_valid", message: "is not valid yet (its start date is in the future)" };
  }
  if (err instanceof errors.JWKSNoMatchingKey) {
    return {
      reason: "signature",
      message: `was signed by a key SVC_LICENSE_PUBLIC_KEY does not hold (kid ${kidOf(jwt)}): it comes from another issuer, or the public key configured is not the issuer's`,
    };
  }
  if (err instanceof errors.JWSSignatureVerificationFailed) {
    return {
      reason: "signature",
      message: "has a signature that does not verify: the key was altered, or signed by another issuer",
    };
  }
  return {
    reason: "malformed",
    message: `is not a valid licence (${err instanceof Error ? err.message : String(err)})`,
  };
}

function kidOf(jwt: string): string {
  try {
    const header = JSON.parse(Buffer.from(jwt.split(".")[0] ?? "", "base64url").toString("utf8")) as {
      kid?: unknown;
    };
    return typeof header.kid === "string" ? JSON.stringify(header.kid.slice(0, 64)) : "none";
  } catch {
    return "unreadable";
  }
}

/** Verifies a revocation list with the issuer's public keys: its claims, or why it is not a valid, current list. */
export async function verifyRevocationList(
  jwt: string,
  publicKeys: JSONWebKeySet,
  now: Date = new Date(),
): Promise<RevocationListClaims | string> {
  try {
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(publicKeys), {
      algorithms: ["EdDSA", "ES256"],
      typ: REVOCATIONS_TYP,
      currentDate: now,
    });
    const claims = revocationListClaimsSchema.safeParse(payload);
    return claims.success ? claims.data : "the revocation list's payload is not a revocation list";
  } catch (err) {
    return `the revocation list does not verify (${err instanceof Error ? err.message : String(err)})`;
  }
}
