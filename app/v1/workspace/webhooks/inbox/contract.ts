import { defineRoute } from "@/lib/routes/contract";
import { createdWebhookSchema } from "@/lib/webhooks/endpoint-schema";
import { createInboxBody } from "@/lib/webhooks/inbox/inbox-schema";

export const createInboxContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/webhooks/inbox",
  operationId: "createWebhookInbox",
  summary: "Create a test inbox (extension)",
  description:
    "An endpoint of kind `inbox` whose deliveries the service receives itself and keeps for `GET /v1/workspace/webhooks/{id}/inbox` (headers, body, whether the signature verified). It subscribes to every event, expires in 24 hours, never leaves the service (so cloud mode allows it), and gets a `webhook.test` event at once. At most 5 per organisation (409).",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:write",
  body: createInboxBody,
  bodyOptional: true,
  responses: { 201: { description: "Created", schema: createdWebhookSchema } },
  errors: ["not_found", "conflict"],
  idempotent: true,
});
