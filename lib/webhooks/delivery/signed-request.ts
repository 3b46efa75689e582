import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import { webhookSigningSecrets } from "@/db/schema";
import { decryptSecret } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
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

/**
 * The endpoint's active signing keys, newest first: the current kid, then kids rotated away less
 * than 24 h ago. The first signs `X-SVC-Webhook-Sig`; all of them sign `webhook-signature`.
 */
export async function loadSigningKeys(db: Db, endpointId: string, now = new Date()): Promise<SigningKey[]> {
  const rows = await db
    .select({
      kid: webhookSigningSecrets.kid,
      ciphertext: webhookSigningSecrets.secretCiphertext,
      expiresAt: webhookSigningSecrets.expiresAt,
    })
    .from(webhookSigningSecrets)
    .where(
      and(
        eq(webhookSigningSecrets.endpointId, endpointId),
        or(isNull(webhookSigningSecrets.expiresAt), gt(webhookSigningSecrets.expiresAt, now)),
      ),
    )
    .orderBy(desc(webhookSigningSecrets.createdAt));
  const current = rows.find((r) => r.expiresAt === null);
  if (!current) throw new UnsignableError("the endpoint has no active signing secret");
  const keys: SigningKey[] = [];
  for (const row of [current, ...rows.filter((r) => r !== current)]) {
    try {
      keys.push({ kid: row.kid, secret: decryptSecret(row.ciphertext) });
    } catch (err) {
      // A previous kid that no longer decrypts only drops its extra signature.
      if (row === current) throw new UnsignableError(`cannot decrypt: ${(err as Error).message}`);
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
 * The headers of one attempt: the spec's `X-SVC-Webhook-*` set and, alongside, Standard Webhooks'
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
