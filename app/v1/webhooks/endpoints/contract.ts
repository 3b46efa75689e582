import { defineRoute } from "@/lib/routes/contract";
import { createdWebhookSchema } from "@/lib/webhooks/endpoint-schema";
import { createProjectWebhookBody } from "@/lib/webhooks/webhook-schema";

/** Endpoint 15: a project key registers an endpoint for its own project's events (whole catalog). */
export const registerProjectWebhookContract = defineRoute({
  method: "POST",
  path: "/v1/webhooks/endpoints",
  operationId: "registerProjectWebhook",
  summary: "Register a project webhook endpoint (project key)",
  description:
    "Endpoints of the key's project; accepts every event of the catalog. The secret is returned once.",
  tag: "Webhooks",
  auth: "project_key",
  keyScope: "webhooks:write",
  body: createProjectWebhookBody,
  responses: { 201: { description: "Created", schema: createdWebhookSchema } },
  errors: ["insufficient_scope", "limit_reached"],
  idempotent: true,
});
