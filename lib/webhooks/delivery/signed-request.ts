import { decryptSecret } from "@/lib/crypto/secret-box";
import { nowEpochMs, rfc3339Nano, signStandardWebhook, signWebhook } from "@/lib/webhooks/sign";
import { standardKeyBytes } from "@/lib/webhooks/signing-secret";

/**
 * A secret that can never sign (it does not decrypt under this SVC_ENCRYPTION_KEY, or there is
 * none): the attempt cannot be made, and counts as failed. Anything else thrown while loading keys
 * (a database error) is transient: the attempt is not made and not counted (docs/decisions/0941).
 */
export class UnsignableError extends Error {
  override name = "UnsignableError";
}

export interface SigningKey {
  kid: string;
  secret: string;
}

/** A stored signing secret of an endpoint, not yet decrypted (expired ones are not loaded). */
export interface SecretRow {
  kid: string;
  ciphertext: string;
  expiresAt: Date | null;
}

/**
 * Decrypted secrets by ciphertext. A ciphertext always decrypts to the same secret (each
 * encryption draws a fresh IV, so a rotated secret has a new ciphertext): the cache never answers
 * for a secret that is no longer stored, because which ciphertexts apply is read from the database
 * for every batch. Bounded: cleared when full.
 */
const decrypted = new Map<string, string>();
const DECRYPTED_MAX = 2_000;

function decryptCached(ciphertext: string): string {
  const hit = decrypted.get(ciphertext);
  if (hit !== undefined) return hit;
  const secret = decryptSecret(ciphertext);
  if (decrypted.size >= DECRYPTED_MAX) decrypted.clear();
  decrypted.set(ciphertext, secret);
  return secret;
}

/**
 * The endpoint's active signing keys from its unexpired secret rows (newest first): the current kid,
 * then kids rotated away less than 24 h ago. The first signs `X-SVC-Webhook-Sig`; all of them sign
 * `webhook-signature`. An UnsignableError when the current one is missing or does not decrypt.
 */
export function signingKeysOf(rows: readonly SecretRow[]): SigningKey[] | UnsignableError {
  const current = rows.find((r) => r.expiresAt === null);
  if (!current) return new UnsignableError("the endpoint has no active signing secret");
  const keys: SigningKey[] = [];
  for (const row of [current, ...rows.filter((r) => r !== current)]) {
    try {
      keys.push({ kid: row.kid, secret: decryptCached(row.ciphertext) });
    } catch (err) {
      // A previous kid that no longer decrypts only drops its extra signature.
      if (row === current) return new UnsignableError(`cannot decrypt: ${(err as Error).message}`);
    }
  }
  return keys;
}

export interface SignedRequestInput {
  webhookId: string;
  type: string;
  attempt: number;
  body: string;
  keys: SigningKey[];
  /** The signing instant (epoch ms, sub-millisecond precision); both timestamps derive from it. */
  epochMs?: number;
}

/**
 * The headers of one attempt: docs/spec/service-spec.md's `X-SVC-Webhook-*` set and, alongside, Standard Webhooks'
 * `webhook-id` (the same `evt_` id), `webhook-timestamp` (Unix seconds of the same instant as
 * `X-SVC-Webhook-Ts`) and `webhook-signature` (one `v1,` entry per active key, space-separated).
 */
export function signedHeaders(input: SignedRequestInput): Record<string, string> {
  const [current] = input.keys;
  if (!current) throw new UnsignableError("no signing key");
  const epochMs = input.epochMs ?? nowEpochMs();
  const ts = rfc3339Nano(epochMs);
  const unixSeconds = Math.floor(epochMs / 1000);
  const standard = input.keys
    .map((k) => signStandardWebhook(standardKeyBytes(k.secret), input.webhookId, unixSeconds, input.body))
    .join(" ");
  return {
    "content-type": "application/json",
    "user-agent": "SVC-Webhooks/1",
    "x-svc-webhook-id": input.webhookId,
    "x-svc-webhook-type": input.type,
    "x-svc-webhook-ts": ts,
    "x-svc-webhook-sig": signWebhook(current.secret, ts, input.body),
    "x-svc-webhook-kid": current.kid,
    "x-svc-webhook-attempt": String(input.attempt),
    "webhook-id": input.webhookId,
    "webhook-timestamp": String(unixSeconds),
    "webhook-signature": standard,
  };
}
