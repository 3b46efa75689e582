import { createPrivateKey, type KeyObject, type JsonWebKey as NodeJwk } from "node:crypto";
import { desc, gt, isNull, or, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { SIGNING_ALGS } from "@/db/enums";
import { tokenSigningKeys } from "@/db/schema";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import type { DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { publicJwkList } from "@/lib/env-fields";
import { newId } from "@/lib/ids";
import { type Jwks, MAX_TTL_SECONDS } from "@/lib/tokens/room-token-schema";
import { encodeHeader } from "@/lib/tokens/sign-jwt";

type PublicJwk = Jwks["keys"][number] & JWK;

export type SigningAlg = (typeof SIGNING_ALGS)[number];

export interface SigningKey {
  kid: string;
  alg: SigningAlg;
  /** Imported once per key (issue 15): signJwt signs with it directly. */
  keyObject: KeyObject;
  /** The encoded protected header, the same for every token this key signs. */
  header: string;
}

/** A retired key stays in the JWKS until every token it signed has expired. */
export const RETIRED_KEY_OVERLAP_MS = MAX_TTL_SECONDS * 1000;

function algOf(jwk: JWK): SigningAlg {
  return jwk.kty === "OKP" ? "EdDSA" : "ES256";
}

/** Only the public members: a private part must never reach the JWKS. */
function toPublicJwk(jwk: JWK, kid: string): PublicJwk {
  const pub: JWK & { kty: string } =
    jwk.kty === "OKP"
      ? { kty: "OKP", crv: jwk.crv, x: jwk.x }
      : { kty: "EC", crv: jwk.crv, x: jwk.x, y: jwk.y };
  return { ...pub, kid, alg: algOf(jwk), use: "sig" };
}

async function importPrivate(jwk: JWK, kid: string): Promise<SigningKey> {
  const alg = algOf(jwk);
  // node:crypto takes the JWK's own members; kid/alg/use are JOSE metadata it does not know.
  const { kty, crv, x, y, d } = jwk;
  const keyObject = createPrivateKey({ key: { kty, crv, x, y, d } as NodeJwk, format: "jwk" });
  if (keyObject.type !== "private") throw new Error("the signing JWK has no private part");
  return { kid, alg, keyObject, header: encodeHeader(alg, kid) };
}

const imported = new Map<string, Promise<SigningKey>>();

/** The configured key (production): `SVC_TOKEN_SIGNING_KEY`, validated by lib/env.ts. */
function configuredKey(): { jwk: JWK; kid: string } | undefined {
  const raw = env.SVC_TOKEN_SIGNING_KEY;
  if (!raw) return undefined;
  // Parsed once per value, not per token (every room token asks for the active key).
  if (parsedConfigured?.raw !== raw) {
    const jwk = JSON.parse(raw) as JWK;
    parsedConfigured = { raw, key: { jwk, kid: String(jwk.kid) } };
  }
  return parsedConfigured.key;
}
let parsedConfigured: { raw: string; key: { jwk: JWK; kid: string } } | undefined;

async function storedKeys(db: DbOrTx, now: Date) {
  return db
    .select()
    .from(tokenSigningKeys)
    .where(
      or(
        isNull(tokenSigningKeys.retiredAt),
        gt(tokenSigningKeys.retiredAt, new Date(now.getTime() - RETIRED_KEY_OVERLAP_MS)),
      ),
    )
    .orderBy(desc(tokenSigningKeys.createdAt), desc(tokenSigningKeys.kid));
}

/** Generates an ES256 key, keeps it in the database (private part encrypted at rest). */
export async function createStoredSigningKey(db: DbOrTx): Promise<string> {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const kid = newId("signingKey");
  const jwk = await exportJWK(privateKey);
  await db.insert(tokenSigningKeys).values({
    kid,
    alg: "ES256",
    privateJwkCiphertext: encryptSecret(JSON.stringify(jwk)),
    publicJwk: toPublicJwk(jwk, kid),
  });
  return kid;
}

let creating: Promise<unknown> | undefined;

/** Serialises first-key creation across every process on the database (any fixed 64-bit number). */
const FIRST_KEY_LOCK = 7420017;

/**
 * Creates the first active key unless one exists. Instances racing on first use take a transaction
 * advisory lock and look again under it, so exactly one key is created (docs/decisions/0961).
 */
export async function createFirstKey(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK})`);
    const [active] = await tx
      .select({ kid: tokenSigningKeys.kid })
      .from(tokenSigningKeys)
      .where(isNull(tokenSigningKeys.retiredAt))
      .limit(1);
    if (!active) await createStoredSigningKey(tx);
  });
}

/** The published stored keys, creating the first one if there is no active key yet. */
async function storedKeysWithActive(db: DbOrTx) {
  const rows = await storedKeys(db, new Date());
  if (rows.some((k) => k.retiredAt === null)) return rows;
  // One creation per process at a time; concurrent first uses wait for it instead of adding keys.
  creating ??= createFirstKey(db).finally(() => {
    creating = undefined;
  });
  await creating;
  return storedKeys(db, new Date());
}

/**
 * How long a process keeps signing with the stored key it last read before reading again. A
 * rotation by another process (scripts/rotate-signing-key.mts) is picked up within this time; the
 * retired key stays in the JWKS for 24 h, so tokens it signs meanwhile still verify.
 */
export const ACTIVE_KEY_TTL_MS = 30_000;
let activeStored: { key: Promise<SigningKey>; until: number } | undefined;

/**
 * The key that signs new room tokens. Production passes it in the environment; the embedded
 * default generates one on first use and keeps it in the database; processes racing on the first
 * use create one key between them (createFirstKey).
 */
export async function activeSigningKey(db: DbOrTx): Promise<SigningKey> {
  const configured = configuredKey();
  if (configured) {
    // Keyed by the public point too: a new key under a reused kid must not hit the old entry.
    const cacheKey = `env:${configured.kid}:${String(configured.jwk.x)}`;
    let p = imported.get(cacheKey);
    if (!p) {
      p = importPrivate(configured.jwk, configured.kid);
      imported.set(cacheKey, p);
    }
    return p;
  }
  if (activeStored && activeStored.until > Date.now()) return activeStored.key;
  const key = readActiveStoredKey(db);
  activeStored = { key, until: Date.now() + ACTIVE_KEY_TTL_MS };
  key.catch(() => {
    activeStored = undefined;
  });
  return key;
}

async function readActiveStoredKey(db: DbOrTx): Promise<SigningKey> {
  const row = (await storedKeysWithActive(db)).find((k) => k.retiredAt === null);
  if (!row) throw new Error("no room-token signing key after creating one");
  let p = imported.get(`db:${row.kid}`);
  if (!p) {
    p = importPrivate(JSON.parse(decryptSecret(row.privateJwkCiphertext)) as JWK, row.kid);
    imported.set(`db:${row.kid}`, p);
    p.catch(() => imported.delete(`db:${row.kid}`));
  }
  return p;
}

/**
 * The public keys media servers verify with: the signing key plus, during a rotation, the keys
 * that signed tokens which may still be valid (`SVC_TOKEN_PREVIOUS_PUBLIC_KEYS`, or stored keys
 * retired within the last 24 hours).
 */
export async function publicJwks(db: DbOrTx): Promise<Jwks> {
  const configured = configuredKey();
  if (configured) {
    const previous = publicJwkList(JSON.parse(env.SVC_TOKEN_PREVIOUS_PUBLIC_KEYS ?? "[]")) ?? [];
    return {
      keys: [
        toPublicJwk(configured.jwk, configured.kid),
        ...previous.map((k) => toPublicJwk(k as JWK, String(k.kid))).filter((k) => k.kid !== configured.kid),
      ],
    };
  }
  const rows = await storedKeysWithActive(db);
  return { keys: rows.map((r) => toPublicJwk(r.publicJwk as JWK, r.kid)) };
}

/**
 * Rotation of the embedded default's key: a new key signs from now on, the old one is retired
 * and stays published for the longest token lifetime (24 h). Both kids are served meanwhile.
 */
export async function rotateStoredSigningKey(db: DbOrTx): Promise<{ kid: string; retired: string[] }> {
  return db.transaction(async (tx) => {
    const retired = await tx
      .update(tokenSigningKeys)
      .set({ retiredAt: new Date() })
      .where(isNull(tokenSigningKeys.retiredAt))
      .returning({ kid: tokenSigningKeys.kid });
    const kid = await createStoredSigningKey(tx);
    activeStored = undefined;
    return { kid, retired: retired.map((r) => r.kid) };
  });
}
