import { defineRoute } from "@/lib/routes/contract";
import { webhookDetailSchema, webhookSchema } from "@/lib/webhooks/endpoint-schema";
import { patchWebhookBody } from "@/lib/webhooks/webhook-schema";

export const getWebhookContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/webhooks/{id}",
  operationId: "getWebhook",
  summary: "One webhook endpoint (extension)",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:read",
  responses: { 200: { description: "OK", schema: webhookDetailSchema } },
  errors: ["not_found"],
});

export const updateWebhookContract = defineRoute({
  method: "PATCH",
  path: "/v1/workspace/webhooks/{id}",
  operationId: "updateWebhook",
  summary: "Change a webhook endpoint (extension)",
  description:
    "`active: true` re-enables an endpoint health disabled (a fresh health record); `events` must come from the endpoint's own catalog (the workspace's five for org-wide endpoints).",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:write",
  body: patchWebhookBody,
  responses: { 200: { description: "OK", schema: webhookSchema } },
  errors: ["not_found"],
});

export const deleteWebhookContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/webhooks/{id}",
  operationId: "deleteWebhook",
  summary: "Delete a webhook endpoint (extension)",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:write",
  responses: { 204: { description: "Deleted" } },
  errors: ["not_found"],
});
