import { and, eq, isNull, lte } from "drizzle-orm";
import { webhookEndpoints, webhookSigningSecrets } from "@/db/schema";
import { encryptSecret } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import type { RotatedSecret } from "@/lib/webhooks/endpoint-schema";
import { webhookNotFound } from "@/lib/webhooks/find-webhook";
import { newSigningSecret, nextKid } from "@/lib/webhooks/signing-secret";

/** How long a rotated-away key id stays listed for receivers to keep loaded (docs/spec/service-spec.md "Key rotation"). */
export const PREVIOUS_KID_TTL_MS = 24 * 60 * 60 * 1000;

export type { RotatedSecret };

/**
 * A new secret under kid v(n+1), returned once; deliveries are signed with it from now on. The
 * previous kid is kept (listed, still decryptable) for 24 h; kids past their time are deleted.
 */
export async function rotateSigningSecret(db: Db, orgId: string, id: string): Promise<RotatedSecret> {
  const secret = newSigningSecret();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PREVIOUS_KID_TTL_MS);
  return db.transaction(async (tx) => {
    // The row lock serialises concurrent rotations of one endpoint (each takes the next kid).
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)))
      .for("update")
      .limit(1);
    if (!endpoint) throw webhookNotFound();
    const keys = await tx
      .select({ kid: webhookSigningSecrets.kid, expiresAt: webhookSigningSecrets.expiresAt })
      .from(webhookSigningSecrets)
      .where(eq(webhookSigningSecrets.endpointId, id));
    const kid = nextKid(keys.map((k) => k.kid));
    const previous = keys.filter((k) => k.expiresAt === null).map((k) => k.kid);
    await tx
      .delete(webhookSigningSecrets)
      .where(and(eq(webhookSigningSecrets.endpointId, id), lte(webhookSigningSecrets.expiresAt, now)));
    await tx
      .update(webhookSigningSecrets)
      .set({ expiresAt })
      .where(and(eq(webhookSigningSecrets.endpointId, id), isNull(webhookSigningSecrets.expiresAt)));
    await tx
      .insert(webhookSigningSecrets)
      .values({ endpointId: id, kid, secretCiphertext: encryptSecret(secret), createdAt: now });
    return {
      id,
      kid,
      signing_secret: secret,
      previous_kid: previous.at(-1) ?? null,
      previous_kid_expires_at: previous.length ? expiresAt.toISOString() : null,
    };
  });
}
