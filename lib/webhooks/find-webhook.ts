import { and, asc, eq } from "drizzle-orm";
import { webhookEndpoints, webhookSigningSecrets } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { WebhookDetailDto } from "@/lib/webhooks/endpoint-schema";
import { serializeWebhook } from "@/lib/webhooks/serialize-webhook";

export const webhookNotFound = () =>
  new ApiError("not_found", "No such webhook endpoint in this organisation.");

/** One endpoint of the org (404 otherwise), with its signing key ids (never the secrets). */
export async function findWebhook(db: DbOrTx, orgId: string, id: string): Promise<WebhookDetailDto> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)))
    .limit(1);
  if (!row) throw webhookNotFound();
  const keys = await db
    .select({
      kid: webhookSigningSecrets.kid,
      createdAt: webhookSigningSecrets.createdAt,
      expiresAt: webhookSigningSecrets.expiresAt,
    })
    .from(webhookSigningSecrets)
    .where(eq(webhookSigningSecrets.endpointId, row.id))
    .orderBy(asc(webhookSigningSecrets.createdAt));
  const now = Date.now();
  return {
    ...serializeWebhook(row),
    signing_keys: keys
      .filter((k) => !k.expiresAt || k.expiresAt.getTime() > now)
      .map((k) => ({
        kid: k.kid,
        created_at: k.createdAt.toISOString(),
        expires_at: k.expiresAt?.toISOString() ?? null,
      })),
  };
}
