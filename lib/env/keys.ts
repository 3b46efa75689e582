import { z } from "zod";
import { isSigningJwk, optionalString, parseJson, publicJwkList } from "@/lib/env-fields";

/**
 * Keys: secrets at rest, room-token signing, the audit log's seal, and the principal cache. Declared here, assembled and read by lib/env.ts (the one reader of process.env), whose
 * descriptions docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const keySettings = {
  /**
   * base64 of 32 bytes: the AES-256-GCM key for secrets at rest (webhook signing secrets).
   * @default generated into `$SVC_DATA_DIR/secrets`; required in production with DATABASE_URL
   */
  SVC_ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be base64 of exactly 32 bytes")
      .optional(),
  ),
  /**
   * A private JWK (JSON) for room-token signing; its `kid` names it in the JWKS.
   * @default generated and kept in the database
   */
  SVC_TOKEN_SIGNING_KEY: optionalString.refine(
    (v) => v === undefined || isSigningJwk(parseJson(v)),
    'must be a private JWK (JSON) with "kid": EC P-256 (ES256) or OKP Ed25519 (EdDSA)',
  ),
  /** Extra public JWKs (JSON array) still served during a signing-key rotation overlap. */
  SVC_TOKEN_PREVIOUS_PUBLIC_KEYS: optionalString.refine(
    (v) => v === undefined || publicJwkList(parseJson(v)) !== undefined,
    'must be a JSON array (or {"keys": [...]}) of public JWKs with "kid" and no private part',
  ),
  /**
   * base64 of 32 bytes: the key that seals the audit log's checkpoints, prune entries and heads
   * (docs/decisions/1050). The database never holds it. Default: derived from SVC_ENCRYPTION_KEY
   * (itself in the data dir on the embedded default).
   */
  SVC_AUDIT_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be base64 of exactly 32 bytes")
      .optional(),
  ),
  /** Sealed audit-log heads written to object storage (`audit-anchors/`), outside the database. */
  SVC_AUDIT_ANCHORS: z.enum(["storage", "off"]).default("storage"),
  /** Days an audit-log entry is kept before the retention job prunes it. */
  SVC_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(36500).default(365),
  /**
   * Room tokens read keys, projects, plans and rooms from an in-process cache kept current by
   * LISTEN/NOTIFY (docs/decisions/0966). With several instances, the writer of a revocation waits
   * up to this long so every instance has applied it; an instance whose notifications are not
   * provably this fresh reads the database instead. 0 turns the cache off.
   */
  SVC_PRINCIPAL_CACHE_WINDOW_MS: z.coerce.number().int().min(0).max(10_000).default(500),
};
