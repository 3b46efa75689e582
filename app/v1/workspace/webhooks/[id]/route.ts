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
    return json(200, await updateWebhook(db, member.orgId, params.id, patch));
  }),
  DELETE: workspace<Params>("webhooks:write", async ({ db, member, params }) => {
    await deleteWebhook(db, member.orgId, params.id);
    return noContent();
  }),
});
