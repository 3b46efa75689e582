import { z } from "zod";
import { isSigningJwk, optionalString, parseJson } from "@/lib/env-fields";
import { licensePublicKeySetting, seconds } from "@/lib/env-license";

/**
 * Self-hosted licences (docs/operations.md "Licences (self-hosted)"): issuing in cloud mode,
 * checking in self_host mode; the checks across settings: lib/env-license.ts. Declared here,
 * assembled and read by lib/env.ts (the one reader of process.env), whose descriptions
 * docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const licenseSettings = {
  /**
   * self_host: this installation's licence key (`svc_lic_…`), as the issuer showed it; unset (and no SVC_LICENSE_FILE): the free tier.
   */
  SVC_LICENSE_KEY: optionalString,
  /** self_host: a file holding the licence key, read again at every check (renewing = replacing the file, no restart). */
  SVC_LICENSE_FILE: optionalString,
  /** self_host: the issuer's licence public key (JWK or JWKS JSON, from its `/.well-known/license-keys.json`); required with a licence. */
  SVC_LICENSE_PUBLIC_KEY: licensePublicKeySetting,
  /**
   * self_host: the issuer's base URL; its signed revocation list is polled at every check. Unset: the licence is checked offline only.
   * @example https://cloud.example.com
   */
  SVC_LICENSE_ISSUER_URL: optionalString.pipe(z.url().optional()),
  /**
   * self_host: seconds between licence checks (signature, expiry, limits, revocation list); decimals allowed.
   * @default 3600
   */
  SVC_LICENSE_CHECK_SECONDS: seconds(3600),
  /**
   * self_host: hours the licence stays valid while the issuer's revocation list cannot be fetched (decimals allowed).
   * @default 168 (7 days)
   */
  SVC_LICENSE_GRACE_HOURS: z.coerce.number().positive().max(8760).default(168),
  /**
   * Cloud mode: a private JWK (JSON) that signs self-hosted licences and the revocation list; its
   * public part is served at `/.well-known/license-keys.json`.
   * @default generated and kept in the database
   */
  SVC_LICENSE_SIGNING_KEY: optionalString.refine(
    (v) => v === undefined || isSigningJwk(parseJson(v)),
    'must be a private JWK (JSON) with "kid": OKP Ed25519 (EdDSA) or EC P-256 (ES256)',
  ),
};
