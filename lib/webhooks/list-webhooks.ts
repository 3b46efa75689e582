import { eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { newestFirst } from "@/lib/pagination";
import { serializeWebhook, type WebhookDto } from "@/lib/webhooks/serialize-webhook";

/**
 * The most endpoints one answer lists (docs/decisions/1059): endpoint 8 returns `items` only
 * (docs/spec/product-decisions.md §1), so the list is bounded instead of paged, like the API-key and recording lists.
 */
export const WEBHOOKS_LIST_MAX = 500;

/** Endpoint 8: the org's endpoints, org-wide and project-scoped, newest first, at most WEBHOOKS_LIST_MAX. */
export async function listWebhooks(db: DbOrTx, orgId: string): Promise<{ items: WebhookDto[] }> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    // webhook_endpoints_org_idx (org_id, created_at desc, id desc): the first rows, no sort.
    .where(eq(webhookEndpoints.orgId, orgId))
    .orderBy(...newestFirst(webhookEndpoints.createdAt, webhookEndpoints.id))
    .limit(WEBHOOKS_LIST_MAX);
  return { items: rows.map(serializeWebhook) };
}
