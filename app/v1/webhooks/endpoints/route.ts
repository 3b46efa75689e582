import { authenticateProjectKey } from "@/lib/api-keys/authenticate";
import { getDb } from "@/lib/db";
import { handle, methods } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { createProjectWebhookBody } from "@/lib/webhooks/webhook-schema";

export const dynamic = "force-dynamic";

/** Endpoint 15: a project key registers an endpoint for its own project's events (whole catalog). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async (req) => {
    const db = await getDb();
    const key = await authenticateProjectKey(req, db, "webhooks:write");
    const body = await parseBody(req, createProjectWebhookBody);
    return json(201, await createWebhook(db, { orgId: key.orgId, projectId: key.projectId }, body));
  }),
});
