import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json, noContent } from "@/lib/http/response";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { findWebhook } from "@/lib/webhooks/find-webhook";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { patchWebhookBody } from "@/lib/webhooks/webhook-schema";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: workspace<Params>("webhooks:read", async ({ db, member, params }) =>
    json(200, await findWebhook(db, member.orgId, params.id)),
  ),
  PATCH: workspace<Params>("webhooks:write", async ({ req, db, member, params }) => {
    const patch = await parseBody(req, patchWebhookBody);
    const updated = await audited(
      db,
      memberAuditContext(req, member),
      (tx) => updateWebhook(tx, member.orgId, params.id, patch),
      (w) => ({
        action: "webhook.updated",
        target: { type: "webhook", id: w.id },
        metadata: {
          changed: Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined),
          active: w.active,
          events: w.events,
        },
      }),
    );
    return json(200, updated);
  }),
  DELETE: workspace<Params>("webhooks:write", async ({ req, db, member, params }) => {
    await audited(
      db,
      memberAuditContext(req, member),
      (tx) => deleteWebhook(tx, member.orgId, params.id),
      () => ({ action: "webhook.deleted", target: { type: "webhook", id: params.id } }),
    );
    return noContent();
  }),
});
