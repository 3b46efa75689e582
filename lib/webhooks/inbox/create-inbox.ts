import { and, count, eq, gt, lte } from "drizzle-orm";
import { projects, webhookEndpoints, webhookSigningSecrets } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import { encryptSecret } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { CreatedWebhook } from "@/lib/webhooks/endpoint-schema";
import { CATALOG_EVENTS } from "@/lib/webhooks/event-catalog";
import { INBOX_TTL_MS, inboxUrlOf, MAX_INBOXES_PER_ORG } from "@/lib/webhooks/inbox/inbox-url";
import { serializeWebhook } from "@/lib/webhooks/serialize-webhook";
import { newSigningSecret } from "@/lib/webhooks/signing-secret";

/**
 * One click, one endpoint a newcomer can watch (docs/decisions/1073): an endpoint of kind `inbox`
 * subscribed to the whole catalogue (of one project, or org-wide), expiring in 24 h, whose
 * deliveries the service receives itself. It never leaves the service, so cloud mode allows it. A
 * route then sends a `webhook.test` event, so the inbox shows a delivery straight away. Expired
 * inboxes of the org are removed first; at most MAX_INBOXES_PER_ORG live at a time (409).
 */
export async function createInbox(
  db: Db,
  audit: AuditContext,
  input: { project_id?: string | null | undefined },
  now: Date = new Date(),
): Promise<CreatedWebhook> {
  const { orgId } = audit;
  const secret = newSigningSecret();
  const created = await db.transaction(async (tx) => {
    if (input.project_id) {
      const [project] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, input.project_id), eq(projects.orgId, orgId)))
        .limit(1);
      if (!project) throw new ApiError("not_found", "No such project in this organisation.");
    }
    // webhook_endpoints_org_idx (org_id, …): the org's endpoints, then kind and expiry.
    await tx
      .delete(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.orgId, orgId),
          eq(webhookEndpoints.kind, "inbox"),
          lte(webhookEndpoints.expiresAt, now),
        ),
      );
    const [live] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.orgId, orgId),
          eq(webhookEndpoints.kind, "inbox"),
          gt(webhookEndpoints.expiresAt, now),
        ),
      );
    if ((live?.n ?? 0) >= MAX_INBOXES_PER_ORG) {
      throw new ApiError(
        "conflict",
        `This organisation already has ${MAX_INBOXES_PER_ORG} test inboxes; delete one or wait until one expires.`,
      );
    }
    const id = newId("webhook");
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        orgId,
        projectId: input.project_id ?? null,
        url: inboxUrlOf(id),
        events: [...CATALOG_EVENTS],
        description: "Test inbox: deliveries are received and shown by the console",
        kind: "inbox",
        expiresAt: new Date(now.getTime() + INBOX_TTL_MS),
      })
      .returning();
    if (!endpoint) throw new Error("insert returned no row");
    await tx
      .insert(webhookSigningSecrets)
      .values({ endpointId: endpoint.id, kid: "v1", secretCiphertext: encryptSecret(secret) });
    await recordAudit(tx, audit, {
      action: "webhook.created",
      target: { type: "webhook", id: endpoint.id },
      metadata: { url: endpoint.url, events: endpoint.events, kind: "inbox" },
    });
    return endpoint;
  });
  return { ...serializeWebhook(created), signing_secret: secret };
}
