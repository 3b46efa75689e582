import { apiKeySchema, mintApiKeyBody, mintedApiKeySchema } from "@/lib/api-keys/api-key-schema";
import { listApiKeysQuery } from "@/lib/api-keys/list-api-keys";
import { defineRoute } from "@/lib/routes/contract";
import { itemsOnly } from "@/lib/wire";

export const listApiKeysContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/projects/{projectId}/api-keys",
  operationId: "listApiKeys",
  summary: "List a project's API keys (extension)",
  description:
    "The project's keys, newest first, revoked ones included, never a secret: at most 500 per answer (`items` only; docs/decisions/1059), optionally searched by name or prefix.",
  tag: "API keys",
  auth: "session",
  permission: "projects:read",
  query: listApiKeysQuery,
  responses: { 200: { description: "OK", schema: itemsOnly(apiKeySchema) } },
  errors: ["not_found"],
});

export const mintApiKeyContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/projects/{projectId}/api-keys",
  operationId: "mintApiKey",
  summary: "Mint an API key",
  description: "The secret is returned once; only its SHA-256 hash is stored.",
  tag: "API keys",
  auth: "session",
  permission: "api_keys:write",
  planGate: true,
  body: mintApiKeyBody,
  responses: { 201: { description: "Created", schema: mintedApiKeySchema } },
  errors: ["not_found", "limit_reached"],
  idempotent: true,
});
