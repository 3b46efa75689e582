import { eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { newestFirst } from "@/lib/pagination";
import { serializeWebhook, type WebhookDto } from "@/lib/webhooks/serialize-webhook";

/** Endpoint 8: every endpoint of the org, org-wide and project-scoped, newest first. */
export async function listWebhooks(db: DbOrTx, orgId: string): Promise<{ items: WebhookDto[] }> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.orgId, orgId))
    .orderBy(...newestFirst(webhookEndpoints.createdAt, webhookEndpoints.id));
  return { items: rows.map(serializeWebhook) };
}
