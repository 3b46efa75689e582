import { defineRoute } from "@/lib/routes/contract";
import { createdWebhookSchema, webhookSchema } from "@/lib/webhooks/endpoint-schema";
import { createWorkspaceWebhookBody } from "@/lib/webhooks/webhook-schema";
import { itemsOnly } from "@/lib/wire";

export const listWebhooksContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/webhooks",
  operationId: "listWebhooks",
  summary: "List webhook endpoints",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:read",
  responses: { 200: { description: "OK", schema: itemsOnly(webhookSchema) } },
  errors: [],
});

export const createWebhookContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/webhooks",
  operationId: "createWebhook",
  summary: "Register a webhook endpoint (org-wide, or of one project)",
  description:
    "The signing secret is returned once. HTTPS only; private addresses are refused in cloud mode.",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:write",
  body: createWorkspaceWebhookBody,
  responses: { 201: { description: "Created", schema: createdWebhookSchema } },
  errors: ["not_found"],
  idempotent: true,
});
