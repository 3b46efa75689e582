import { authenticateProjectKey } from "@/lib/api-keys/authenticate";
import { audited, keyAuditContext } from "@/lib/audit/record-audit";
import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { registerProjectWebhookContract } from "./contract";

export const dynamic = "force-dynamic";

/** Endpoint 15: a project key registers an endpoint for its own project's events (whole catalog). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(registerProjectWebhookContract)(async ({ req, readBody, idempotently }) => {
    const db = await getDb();
    const key = await authenticateProjectKey(req, db, "webhooks:write");
    return idempotently(`key:${key.keyId}`, async (r) => {
      const body = await readBody(r);
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
      return { status: 201, body: created };
    });
  }),
});
