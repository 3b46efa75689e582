import { defineRoute } from "@/lib/routes/contract";
import { itemsOnly } from "@/lib/wire";
import {
  createdWorkspaceKeySchema,
  createWorkspaceKeyBody,
  workspaceKeySchema,
} from "@/lib/workspace-keys/workspace-key-schema";

export const listWorkspaceKeysContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/keys",
  operationId: "listWorkspaceKeys",
  summary: "List workspace API keys (extension)",
  description:
    "The organisation's workspace API keys, newest first, revoked and expired ones included, never a secret; at most 500 (`items` only). docs/decisions/1290.",
  tag: "Workspace keys",
  auth: "session",
  permission: "workspace_keys:read",
  responses: { 200: { description: "OK", schema: itemsOnly(workspaceKeySchema) } },
  errors: [],
});

export const createWorkspaceKeyContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/keys",
  operationId: "createWorkspaceKey",
  summary: "Create a workspace API key (extension)",
  description:
    "An organisation-level key for automation (CI, infrastructure as code, a backend), sent as `Authorization: Bearer svc_wk_…` to the whole workspace API. Its role never holds a permission its creator lacks; `project_id` scopes it to one project (everything else is 404 to it, organisation-level endpoints 403); `expires_at` ends it. The key is returned once; only its SHA-256 hash is stored.",
  tag: "Workspace keys",
  auth: "session",
  permission: "workspace_keys:write",
  planGate: true,
  body: createWorkspaceKeyBody,
  responses: { 201: { description: "Created", schema: createdWorkspaceKeySchema } },
  errors: ["not_found", "limit_reached"],
  idempotent: true,
});
