import { z } from "zod";
import { prefixedId, timestamp } from "@/lib/wire";

/**
 * The wire shapes of self-hosted licences (issue 48, docs/decisions/1275): what an Owner or Billing
 * member sends to issue one, what the list shows, the claims the signed key carries, and an
 * install's licence status.
 */

/** The longest licence the API issues: a renewal is a new licence, so terms stay short. */
export const MAX_LICENSE_DAYS = 3 * 366;
/** The smallest term: a licence that expires before it reaches the install is a mistake. */
export const MIN_LICENSE_MS = 60 * 60 * 1000;
export const MAX_SEATS = 1_000_000;
export const MAX_CONCURRENT_PARTICIPANTS = 10_000_000;

const count = (what: string, max: number) =>
  z
    .number({ error: `${what} must be an integer from 1 to ${max}` })
    .int(`${what} must be an integer from 1 to ${max}`)
    .min(1, `${what} must be an integer from 1 to ${max}`)
    .max(max, `${what} must be an integer from 1 to ${max}`);

export const licenseLimitsSchema = z
  .object({
    seats: count("seats", MAX_SEATS).meta({
      description: "Members the install may hold (distinct users across its orgs).",
    }),
    concurrent_participants: count("concurrent_participants", MAX_CONCURRENT_PARTICIPANTS).meta({
      description: "People in rooms at the same time, across the install.",
    }),
  })
  .meta({ id: "LicenseLimits" });
export type LicenseLimits = z.output<typeof licenseLimitsSchema>;

export const issueLicenseBody = z.object({
  name: z
    .string({ error: "name must be a string of 1 to 80 characters" })
    .trim()
    .min(1, "name must be a string of 1 to 80 characters")
    .max(80, "name must be a string of 1 to 80 characters")
    .optional()
    .meta({
      description: "What the licence is for, e.g. the install's site; default `Self-hosted licence`.",
    }),
  expires_at: z.iso
    .datetime({ offset: true, error: "expires_at must be an ISO 8601 timestamp, e.g. 2027-01-01T00:00:00Z" })
    .meta({ description: `At least an hour and at most ${MAX_LICENSE_DAYS} days from now.` }),
  limits: licenseLimitsSchema,
});
export type IssueLicenseBody = z.output<typeof issueLicenseBody>;

export const LICENSE_STATES = ["active", "expired", "revoked"] as const;

export const licenseRecordSchema = z
  .object({
    id: prefixedId("lic_"),
    org_id: prefixedId("org_"),
    name: z.string(),
    state: z.enum(LICENSE_STATES).meta({ description: "`revoked` wins over `expired`." }),
    limits: licenseLimitsSchema,
    expires_at: timestamp,
    created_at: timestamp,
    revoked_at: timestamp.nullable(),
    kid: z
      .string()
      .meta({ description: "The licence signing key that signed it (`/.well-known/license-keys.json`)." }),
  })
  .meta({ id: "SelfHostedLicense" });
export type LicenseRecord = z.output<typeof licenseRecordSchema>;

export const issuedLicenseSchema = licenseRecordSchema
  .extend({
    key: z.string().startsWith("svc_lic_").meta({
      description:
        "The licence key, shown once: `svc_lic_` then a JWT signed by the issuer. The self-hosted install reads it from SVC_LICENSE_KEY or SVC_LICENSE_FILE.",
    }),
  })
  .meta({ id: "IssuedSelfHostedLicense" });

/** The claims a licence key carries (its JWT payload). */
export const licenseClaimsSchema = z.object({
  iss: z.string(),
  sub: z.string(),
  aud: z.literal("svc-self-host"),
  jti: z.string().startsWith("lic_"),
  iat: z.number().int(),
  nbf: z.number().int().optional(),
  exp: z.number().int(),
  org_name: z.string(),
  name: z.string(),
  limits: licenseLimitsSchema,
});
export type LicenseClaims = z.output<typeof licenseClaimsSchema>;

/** The signed revocation list's payload. */
export const revocationListClaimsSchema = z.object({
  iss: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
  revoked: z.array(z.object({ license_id: z.string(), revoked_at: timestamp })),
});
export type RevocationListClaims = z.output<typeof revocationListClaimsSchema>;

export const revocationListSchema = z
  .object({
    list: z.string().meta({
      description:
        "A JWT (header `typ: svc-license-revocations+jwt`) signed by a key of `/.well-known/license-keys.json`; its payload is `{ iss, iat, exp, revoked: [{ license_id, revoked_at }] }`, every revoked licence not yet expired.",
    }),
  })
  .meta({ id: "LicenseRevocationList" });

export const LICENSE_STATUSES = ["not_required", "free", "valid", "grace", "invalid"] as const;
export type LicenseStatusValue = (typeof LICENSE_STATUSES)[number];
export const LICENSE_INVALID_REASONS = [
  "malformed",
  "signature",
  "expired",
  "not_yet_valid",
  "revoked",
  "over_seat_limit",
  "over_participant_limit",
  "issuer_unreachable",
  "unreadable",
] as const;
export type LicenseInvalidReason = (typeof LICENSE_INVALID_REASONS)[number];

export const licenseStatusSchema = z
  .object({
    deployment_mode: z.enum(["cloud", "self_host"]),
    status: z.enum(LICENSE_STATUSES).meta({
      description:
        "`not_required` in cloud mode; `free`: no licence configured (the free tier); `valid`; `grace`: valid, but the issuer's revocation list could not be fetched lately; `invalid`: new rooms and room tokens are refused (402 `license_invalid`).",
    }),
    reason: z.enum(LICENSE_INVALID_REASONS).nullable(),
    detail: z.string().nullable().meta({ description: "The reason in a sentence." }),
    license: z
      .object({
        id: z.string(),
        name: z.string(),
        org_name: z.string(),
        issuer: z.string(),
        expires_at: timestamp,
        limits: licenseLimitsSchema,
      })
      .nullable(),
    usage: z.object({ seats: z.number().int(), concurrent_participants: z.number().int() }).nullable(),
    checked_at: timestamp.nullable(),
    issuer_reached_at: timestamp.nullable(),
    grace_ends_at: timestamp
      .nullable()
      .meta({ description: "While `grace`: when the licence turns invalid unless the issuer answers." }),
  })
  .meta({ id: "LicenseStatus" });
export type LicenseStatus = z.output<typeof licenseStatusSchema>;

/** `/.well-known/license-keys.json`: the issuer's licence public keys. */
export const licenseKeysSchema = z
  .object({
    keys: z.array(
      z.object({
        kty: z.string(),
        crv: z.string().optional(),
        x: z.string().optional(),
        y: z.string().optional(),
        kid: z.string(),
        alg: z.enum(["EdDSA", "ES256"]),
        use: z.literal("sig"),
      }),
    ),
  })
  .meta({ id: "LicenseKeys" });
