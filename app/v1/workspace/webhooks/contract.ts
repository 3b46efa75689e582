import { defineRoute } from "@/lib/routes/contract";
import { createdWebhookSchema, webhookSchema } from "@/lib/webhooks/endpoint-schema";
import { createWorkspaceWebhookBody } from "@/lib/webhooks/webhook-schema";
import { itemsOnly } from "@/lib/wire";

export const listWebhooksContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/webhooks",
  operationId: "listWebhooks",
  summary: "List webhook endpoints",
  description:
    "The org's endpoints, org-wide and project-scoped, newest first, without secrets: at most 500 per answer (`items` only, like the recordings list; docs/decisions/1059).",
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
  errors: ["not_found", "limit_reached"],
  idempotent: true,
});
