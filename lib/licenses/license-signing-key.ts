import { createPrivateKey, type KeyObject, type JsonWebKey as NodeJwk } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { licenseSigningKeys } from "@/db/schema";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import type { DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";

/**
 * The key that signs licences and the revocation list in cloud mode (docs/decisions/1275):
 * `SVC_LICENSE_SIGNING_KEY` in production, else an Ed25519 key generated on first use and kept in
 * the database (private part encrypted at rest), as room-token keys are (docs/decisions/0961).
 * Its public part is served at `/.well-known/license-keys.json`, beside the room-token JWKS; a
 * self-hosted install is configured with it and verifies offline.
 */

export type LicenseAlg = "EdDSA" | "ES256";

export interface LicenseSigningKey {
  kid: string;
  alg: LicenseAlg;
  key: KeyObject;
}

export interface PublicLicenseJwk {
  kty: string;
  crv?: string | undefined;
  x?: string | undefined;
  y?: string | undefined;
  kid: string;
  alg: LicenseAlg;
  use: "sig";
}

const algOf = (jwk: JWK): LicenseAlg => (jwk.kty === "OKP" ? "EdDSA" : "ES256");

/** Only the public members: a private part must never be published. */
function toPublic(jwk: JWK, kid: string): PublicLicenseJwk {
  const pub =
    jwk.kty === "OKP"
      ? { kty: "OKP", crv: jwk.crv, x: jwk.x }
      : { kty: "EC", crv: jwk.crv, x: jwk.x, y: jwk.y };
  return { ...pub, kid, alg: algOf(jwk), use: "sig" };
}

function importPrivate(jwk: JWK, kid: string): LicenseSigningKey {
  const { kty, crv, x, y, d } = jwk;
  const key = createPrivateKey({ key: { kty, crv, x, y, d } as NodeJwk, format: "jwk" });
  return { kid, alg: algOf(jwk), key };
}

function configured(): { jwk: JWK; kid: string } | undefined {
  const raw = env.SVC_LICENSE_SIGNING_KEY;
  if (!raw) return undefined;
  const jwk = JSON.parse(raw) as JWK;
  return { jwk, kid: String(jwk.kid) };
}

/** Serialises first-key creation across every process on the database (any fixed 64-bit number). */
const FIRST_KEY_LOCK = 7420048;

async function storedKey(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(licenseSigningKeys)
    .orderBy(asc(licenseSigningKeys.createdAt))
    .limit(1);
  if (row) return row;
  // Instances racing on first use take the lock and look again under it: one key between them.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK})`);
    const [again] = await tx.select().from(licenseSigningKeys).limit(1);
    if (again) return again;
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = newId("licenseKey");
    const [created] = await tx
      .insert(licenseSigningKeys)
      .values({
        kid,
        alg: "EdDSA",
        privateJwkCiphertext: encryptSecret(JSON.stringify(jwk)),
        publicJwk: toPublic(jwk, kid),
      })
      .returning();
    if (!created) throw new Error("the licence signing key was not stored");
    return created;
  });
}

let cached: { source: string; key: LicenseSigningKey } | undefined;

/** The key that signs new licences and revocation lists. */
export async function licenseSigningKey(db: DbOrTx): Promise<LicenseSigningKey> {
  const c = configured();
  if (c) {
    const source = `env:${c.kid}:${String(c.jwk.x)}`;
    if (cached?.source !== source) cached = { source, key: importPrivate(c.jwk, c.kid) };
    return cached.key;
  }
  const row = await storedKey(db);
  const source = `db:${row.kid}`;
  if (cached?.source !== source) {
    cached = {
      source,
      key: importPrivate(JSON.parse(decryptSecret(row.privateJwkCiphertext)) as JWK, row.kid),
    };
  }
  return cached.key;
}

/** The public keys a self-hosted install verifies licences and revocation lists with. */
export async function publicLicenseKeys(db: DbOrTx): Promise<{ keys: PublicLicenseJwk[] }> {
  const c = configured();
  if (c) return { keys: [toPublic(c.jwk, c.kid)] };
  const row = await storedKey(db);
  return { keys: [toPublic(row.publicJwk as JWK, row.kid)] };
}
