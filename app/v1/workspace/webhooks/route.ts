import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { createWorkspaceWebhookBody } from "@/lib/webhooks/webhook-schema";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: workspace("webhooks:read", async ({ db, member }) => json(200, await listWebhooks(db, member.orgId))),
  POST: workspace("webhooks:write", async ({ req, db, member }) => {
    const body = await parseBody(req, createWorkspaceWebhookBody);
    const created = await audited(
      db,
      memberAuditContext(req, member),
      (tx) => createWebhook(tx, { orgId: member.orgId, projectId: null }, body),
      (w) => ({
        action: "webhook.created",
        target: { type: "webhook", id: w.id },
        metadata: { url: w.url, events: w.events },
      }),
    );
    return json(201, created);
  }),
});
