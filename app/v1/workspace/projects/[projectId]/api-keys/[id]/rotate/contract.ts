import { rotatedApiKeySchema } from "@/lib/api-keys/api-key-schema";
import { defineRoute } from "@/lib/routes/contract";

export const rotateApiKeyContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/projects/{projectId}/api-keys/{id}/rotate",
  operationId: "rotateApiKey",
  summary: "Rotate an API key",
  description: "Returns a new secret; the previous one stops working at once. No body.",
  tag: "API keys",
  auth: "session",
  permission: "api_keys:write",
  noBody: true,
  responses: { 200: { description: "OK", schema: rotatedApiKeySchema } },
  errors: ["not_found"],
  idempotent: true,
});
