import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db";
import { webhookNotFound } from "@/lib/webhooks/find-webhook";

/** Deletes the endpoint, its secrets and its deliveries (pending ones are never sent). */
export async function deleteWebhook(db: Db, orgId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw webhookNotFound();
}
