import { createPrivateKey, type JsonWebKey as NodeJwk } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { LicenseClaims, LicenseLimits } from "@/lib/licenses/license-schema";
import type { LicenseSigningKey } from "@/lib/licenses/license-signing-key";
import { signLicense, signRevocationList } from "@/lib/licenses/license-token";

/**
 * An issuer in the test process (the unit tests of the self-hosted check): a key pair, licences
 * it signs, and the revocation list it would serve, answered through a fetch stand-in. The
 * two-instance test (tests/license-two-instances.test.ts) uses a real cloud-mode instance instead.
 */
export interface TestIssuer {
  /** SVC_LICENSE_PUBLIC_KEY's value. */
  publicKey: string;
  key: LicenseSigningKey;
  license(opts?: {
    id?: string;
    limits?: Partial<LicenseLimits>;
    expiresAt?: Date;
    issuedAt?: Date;
  }): Promise<{ id: string; key: string }>;
  /** The revocation list as the issuer serves it at `now`. */
  list(revoked: string[], now?: Date): Promise<string>;
}

let n = 0;

export async function testIssuer(kid = "lk_test"): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const jwk = await exportJWK(privateKey);
  const { kty, crv, x, d } = jwk as JWK;
  const key: LicenseSigningKey = {
    kid,
    alg: "EdDSA",
    key: createPrivateKey({ key: { kty, crv, x, d } as NodeJwk, format: "jwk" }),
  };
  const pub = { ...(await exportJWK(publicKey)), kid, alg: "EdDSA", use: "sig" };
  return {
    publicKey: JSON.stringify({ keys: [pub] }),
    key,
    async license(opts = {}) {
      const id = opts.id ?? `lic_test${++n}${Date.now()}`;
      const iat = Math.floor((opts.issuedAt ?? new Date()).getTime() / 1000);
      const claims: Omit<LicenseClaims, "aud"> = {
        iss: "https://issuer.test",
        sub: "org_issuer",
        jti: id,
        iat,
        nbf: iat,
        exp: Math.floor((opts.expiresAt ?? new Date(Date.now() + 365 * 86_400_000)).getTime() / 1000),
        org_name: "Licensee GmbH",
        name: "Test install",
        limits: { seats: 1000, concurrent_participants: 1000, ...opts.limits },
      };
      return { id, key: await signLicense(key, claims) };
    },
    async list(revoked, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      return signRevocationList(key, {
        iss: "https://issuer.test",
        iat,
        exp: iat + 7 * 86_400,
        revoked: revoked.map((license_id) => ({ license_id, revoked_at: now.toISOString() })),
      });
    },
  };
}
