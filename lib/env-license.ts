import { z } from "zod";
import { optionalString, parseJson, publicJwkList } from "@/lib/env-fields";

/**
 * Parsers for the self-hosted licence settings (docs/operations.md "Licences",
 * docs/decisions/1275). The settings are declared in lib/env.ts (the one list of variables),
 * which runs `checkLicenseEnv` in its refinement, so a wrong value stops the start with its name.
 * The licence itself is verified (signature, expiry) by lib/licenses at start, not here: a
 * licence file can change while the server runs, and verification is asynchronous.
 */

/** The issuer's licence public keys: one public JWK, a JSON array of them, or a JWKS `{"keys":[…]}`. */
export function licensePublicKeys(raw: string | undefined): Record<string, unknown>[] | undefined {
  if (raw === undefined) return undefined;
  const v = parseJson(raw);
  const list = v && typeof v === "object" && !Array.isArray(v) && !("keys" in v) ? [v] : v;
  return publicJwkList(list);
}

export const licensePublicKeySetting = optionalString.refine(
  (v) => v === undefined || licensePublicKeys(v) !== undefined,
  'must be the issuer\'s licence public key: a public JWK with "kid" (Ed25519 or P-256), or a JWKS {"keys":[…]} as /.well-known/license-keys.json serves it',
);

/** Seconds, decimals allowed (tests compress time); at least 50 ms. */
export const seconds = (fallback: number) => z.coerce.number().min(0.05).max(86_400).default(fallback);

type LicenseEnv = {
  SVC_DEPLOYMENT_MODE: "cloud" | "self_host";
  SVC_LICENSE_KEY?: string | undefined;
  SVC_LICENSE_FILE?: string | undefined;
  SVC_LICENSE_PUBLIC_KEY?: string | undefined;
  SVC_LICENSE_ISSUER_URL?: string | undefined;
};

/**
 * A licence is read in `self_host` mode only, from one place (the value or a file), and needs the
 * issuer's public key to be verified offline.
 */
export function checkLicenseEnv(e: LicenseEnv, ctx: z.RefinementCtx): void {
  const issue = (path: keyof LicenseEnv, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  const licensed = e.SVC_LICENSE_KEY !== undefined || e.SVC_LICENSE_FILE !== undefined;
  if (e.SVC_DEPLOYMENT_MODE === "cloud") {
    for (const k of ["SVC_LICENSE_KEY", "SVC_LICENSE_FILE", "SVC_LICENSE_ISSUER_URL"] as const) {
      if (e[k] !== undefined)
        issue(k, "is read in self_host mode only (cloud mode issues licences; it needs none)");
    }
    return;
  }
  if (e.SVC_LICENSE_KEY !== undefined && e.SVC_LICENSE_FILE !== undefined) {
    issue("SVC_LICENSE_FILE", "and SVC_LICENSE_KEY are both set: give the licence one way");
  }
  if (licensed && e.SVC_LICENSE_PUBLIC_KEY === undefined) {
    issue(
      "SVC_LICENSE_PUBLIC_KEY",
      "is required with a licence: the issuer's public key (its /.well-known/license-keys.json), which verifies the licence offline",
    );
  }
  if (!licensed && e.SVC_LICENSE_ISSUER_URL !== undefined) {
    issue("SVC_LICENSE_ISSUER_URL", "is set but no licence is (SVC_LICENSE_KEY or SVC_LICENSE_FILE)");
  }
}
