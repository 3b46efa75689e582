import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { webhookEndpoints, webhookInboxMessages, webhookSigningSecrets } from "@/db/schema";
import { decryptSecret } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { PostResult } from "@/lib/webhooks/delivery/post-webhook";
import { INBOX_KEEP } from "@/lib/webhooks/inbox/inbox-url";
import { verifyWebhook } from "@/lib/webhooks/verify-signature";

const answer = (startedAt: Date, statusCode: number, body: object): PostResult => ({
  startedAt,
  durationMs: Date.now() - startedAt.getTime(),
  statusCode,
  responseBody: JSON.stringify(body),
  responseHeaders: { "content-type": "application/json" },
  error: null,
  errorClass: statusCode >= 400 ? "http" : null,
});

/**
 * The test inbox receiving one attempt as a receiver would (docs/decisions/1073): it verifies the
 * signature with the endpoint's own secrets, read and decrypted here (not the signer's copy), keeps
 * the request (headers, body, verdict) and answers 200; an expired inbox answers 410 Gone, which
 * ends the delivery. The attempt is then judged and recorded like any other.
 */
export async function receiveInInbox(
  db: Db,
  endpointId: string,
  headers: Record<string, string>,
  body: string,
  now: Date = new Date(),
): Promise<PostResult> {
  const [endpoint] = await db
    .select({ expiresAt: webhookEndpoints.expiresAt })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.kind, "inbox")))
    .limit(1);
  if (!endpoint || (endpoint.expiresAt && endpoint.expiresAt <= now)) {
    return answer(now, 410, { error: "this test inbox has expired" });
  }
  const rows = await db
    .select({ kid: webhookSigningSecrets.kid, ciphertext: webhookSigningSecrets.secretCiphertext })
    .from(webhookSigningSecrets)
    .where(
      and(
        eq(webhookSigningSecrets.endpointId, endpointId),
        or(isNull(webhookSigningSecrets.expiresAt), gt(webhookSigningSecrets.expiresAt, now)),
      ),
    );
  const secrets: Record<string, string> = {};
  for (const r of rows) {
    try {
      secrets[r.kid] = decryptSecret(r.ciphertext);
    } catch {
      // A secret that no longer decrypts cannot verify: the verdict says unknown_kid.
    }
  }
  const verdict = verifyWebhook({ headers, rawBody: body, secrets, now: now.getTime() });
  const id = newId("inboxMessage");
  await db.insert(webhookInboxMessages).values({
    id,
    endpointId,
    headers,
    body,
    signatureValid: verdict.ok,
    verifyFailure: verdict.ok ? null : verdict.reason,
    receivedAt: now,
  });
  // Keep the newest INBOX_KEEP (webhook_inbox_messages_endpoint_idx).
  await db.delete(webhookInboxMessages).where(
    and(
      eq(webhookInboxMessages.endpointId, endpointId),
      lt(
        webhookInboxMessages.receivedAt,
        sql`(select received_at from ${webhookInboxMessages} where endpoint_id = ${endpointId}
             order by received_at desc, id desc offset ${INBOX_KEEP - 1} limit 1)`,
      ),
    ),
  );
  return answer(now, 200, { received: true, id, signature_verified: verdict.ok });
}
