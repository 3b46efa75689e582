import { and, eq } from "drizzle-orm";
import { projects, webhookEndpoints, webhookSigningSecrets } from "@/db/schema";
import { encryptSecret } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { assertBelowOrgLimit } from "@/lib/limits/org-limits";
import type { CreatedWebhook } from "@/lib/webhooks/endpoint-schema";
import { serializeWebhook } from "@/lib/webhooks/serialize-webhook";
import { newSigningSecret } from "@/lib/webhooks/signing-secret";
import type { CreateWebhookInput } from "@/lib/webhooks/webhook-schema";
import { assertRegistrableHost } from "@/lib/webhooks/webhook-url";

export type { CreatedWebhook };

/**
 * Registers an endpoint with its first signing secret (kid v1, encrypted at rest). The secret is
 * returned here and never again; a lost one is replaced by rotating. An org holds at most
 * SVC_ORG_MAX_WEBHOOK_ENDPOINTS endpoints (409 limit_reached, docs/decisions/1025).
 */
export async function createWebhook(
  db: Db,
  scope: { orgId: string; projectId: string | null },
  input: CreateWebhookInput,
): Promise<CreatedWebhook> {
  await assertRegistrableHost(input.url);
  const secret = newSigningSecret();
  const row = await db.transaction(async (tx) => {
    if (scope.projectId) {
      // The project is the caller's org's (a key's own project always is; the console names one).
      const [project] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, scope.projectId), eq(projects.orgId, scope.orgId)))
        .limit(1);
      if (!project) throw new ApiError("not_found", "No such project in this organisation.");
    }
    await assertBelowOrgLimit(tx, scope.orgId, "webhook_endpoints");
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId("webhook"),
        orgId: scope.orgId,
        projectId: scope.projectId,
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        rateLimit: input.rate_limit ?? null,
      })
      .returning();
    if (!endpoint) throw new Error("insert returned no row");
    await tx
      .insert(webhookSigningSecrets)
      .values({ endpointId: endpoint.id, kid: "v1", secretCiphertext: encryptSecret(secret) });
    return endpoint;
  });
  return { ...serializeWebhook(row), signing_secret: secret };
}
