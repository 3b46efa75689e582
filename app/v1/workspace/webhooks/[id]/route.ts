import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { findWebhook } from "@/lib/webhooks/find-webhook";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { assertRegistrableHost } from "@/lib/webhooks/webhook-url";
import { deleteWebhookContract, getWebhookContract, updateWebhookContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getWebhookContract)<Params>(async ({ db, member, params }) => ({
    status: 200,
    body: await findWebhook(db, member.orgId, params.id),
  })),
  PATCH: implement(updateWebhookContract)<Params>(async ({ req, db, member, params, body: patch }) => {
    // A new URL is checked as on creation, before the transaction (it may resolve the name).
    if (patch.url !== undefined) await assertRegistrableHost(patch.url);
    return {
      status: 200,
      body: await audited(
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
            ...(patch.url !== undefined ? { url: w.url } : {}),
          },
        }),
      ),
    };
  }),
  DELETE: implement(deleteWebhookContract)<Params>(async ({ req, db, member, params }) => {
    await audited(
      db,
      memberAuditContext(req, member),
      (tx) => deleteWebhook(tx, member.orgId, params.id),
      () => ({ action: "webhook.deleted", target: { type: "webhook", id: params.id } }),
    );
    return { status: 204 };
  }),
});
