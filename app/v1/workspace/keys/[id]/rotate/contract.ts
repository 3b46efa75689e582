import { defineRoute } from "@/lib/routes/contract";
import { rotatedWorkspaceKeySchema } from "@/lib/workspace-keys/workspace-key-schema";

export const rotateWorkspaceKeyContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/keys/{id}/rotate",
  operationId: "rotateWorkspaceKey",
  summary: "Rotate a workspace API key (extension)",
  description:
    "A new secret, returned once; the previous one stops working at once. Role, scope and expiry stay. No body.",
  tag: "Workspace keys",
  auth: "session",
  permission: "workspace_keys:write",
  noBody: true,
  responses: { 200: { description: "OK", schema: rotatedWorkspaceKeySchema } },
  errors: ["not_found"],
  idempotent: true,
});
