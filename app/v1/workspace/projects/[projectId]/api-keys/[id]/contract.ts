import { defineRoute } from "@/lib/routes/contract";

export const revokeApiKeyContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/projects/{projectId}/api-keys/{id}",
  operationId: "revokeApiKey",
  summary: "Revoke an API key",
  description: "Permanent.",
  tag: "API keys",
  auth: "session",
  permission: "api_keys:write",
  responses: { 204: { description: "Revoked" } },
  errors: ["not_found"],
});
