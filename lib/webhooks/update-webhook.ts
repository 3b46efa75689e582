import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db";
import { validationError } from "@/lib/http/errors";
import { parseWith } from "@/lib/http/request";
import { CATALOG_EVENTS, WORKSPACE_EVENTS } from "@/lib/webhooks/event-catalog";
import { webhookNotFound } from "@/lib/webhooks/find-webhook";
import { serializeWebhook, type WebhookDto } from "@/lib/webhooks/serialize-webhook";
import { eventList, type PatchWebhookInput } from "@/lib/webhooks/webhook-schema";

/**
 * PATCH: a new URL (the caller checks its host first, as on creation: assertRegistrableHost; a
 * test inbox keeps its own), enable or disable, change the subscribed events (from the endpoint's own catalog: the
 * workspace's five for org-wide endpoints, all for project ones), the description or the rate limit.
 */
export async function updateWebhook(
  db: Db,
  orgId: string,
  id: string,
  patch: PatchWebhookInput,
): Promise<WebhookDto> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ projectId: webhookEndpoints.projectId, kind: webhookEndpoints.kind })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)))
      .for("update")
      .limit(1);
    if (!current) throw webhookNotFound();
    if (patch.url !== undefined && current.kind === "inbox") {
      throw validationError([
        { path: "url", message: "a test inbox keeps its own address; create an endpoint instead" },
      ]);
    }
    const events =
      patch.events === undefined
        ? undefined
        : parseWith(eventList(current.projectId ? CATALOG_EVENTS : WORKSPACE_EVENTS), patch.events);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(patch.active !== undefined ? { active: patch.active } : {}),
        // Re-enabling starts a fresh health record (0943).
        ...(patch.active === true
          ? { disabledAt: null, disabledReason: null, failingSince: null, failingNotifiedAt: null }
          : {}),
        ...(patch.rate_limit !== undefined ? { rateLimit: patch.rate_limit } : {}),
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(events !== undefined ? { events } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)))
      .returning();
    if (!row) throw webhookNotFound();
    return serializeWebhook(row);
  });
}
