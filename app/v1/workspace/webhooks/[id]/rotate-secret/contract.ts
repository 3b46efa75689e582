import { defineRoute } from "@/lib/routes/contract";
import { rotatedSecretSchema } from "@/lib/webhooks/endpoint-schema";

export const rotateWebhookSecretContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/webhooks/{id}/rotate-secret",
  operationId: "rotateWebhookSecret",
  summary: "Rotate a webhook signing secret (extension)",
  description:
    "A new key id signs from now on; the old one is kept 24 h (both sign meanwhile). The new secret is returned once.",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:write",
  noBody: true,
  responses: { 200: { description: "OK", schema: rotatedSecretSchema } },
  errors: ["not_found"],
  idempotent: true,
});
