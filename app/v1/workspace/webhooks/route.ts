import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { createWebhookContract, listWebhooksContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listWebhooksContract)(async ({ db, member }) => ({
    status: 200,
    body: await listWebhooks(db, member.orgId, member.key?.projectId),
  })),
  POST: implement(createWebhookContract)(async ({ req, db, member, body }) => ({
    status: 201,
    body: await audited(
      db,
      memberAuditContext(req, member),
      (tx) => createWebhook(tx, { orgId: member.orgId, projectId: body.project_id ?? null }, body),
      (w) => ({
        action: "webhook.created",
        target: { type: "webhook", id: w.id },
        metadata: { url: w.url, events: w.events, project_id: w.project_id },
      }),
    ),
  })),
});
