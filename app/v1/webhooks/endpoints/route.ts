import { authenticateProjectKey } from "@/lib/api-keys/authenticate";
import { audited, keyAuditContext } from "@/lib/audit/record-audit";
import { getDb } from "@/lib/db";
import { handle, methods } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { createProjectWebhookBody } from "@/lib/webhooks/webhook-schema";

export const dynamic = "force-dynamic";

/** Endpoint 15: a project key registers an endpoint for its own project's events (whole catalog). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async (req) => {
    const db = await getDb();
    const key = await authenticateProjectKey(req, db, "webhooks:write");
    return withIdempotency(req, `key:${key.keyId}`, async (r) => {
      const body = await parseBody(r, createProjectWebhookBody);
      const created = await audited(
        db,
        keyAuditContext(r, key),
        (tx) => createWebhook(tx, { orgId: key.orgId, projectId: key.projectId }, body),
        (w) => ({
          action: "webhook.created",
          target: { type: "webhook", id: w.id },
          metadata: { url: w.url, events: w.events, project_id: key.projectId },
        }),
      );
      return json(201, created);
    });
  }),
});
