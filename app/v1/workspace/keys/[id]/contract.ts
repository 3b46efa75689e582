import { defineRoute } from "@/lib/routes/contract";

export const revokeWorkspaceKeyContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/keys/{id}",
  operationId: "revokeWorkspaceKey",
  summary: "Revoke a workspace API key (extension)",
  description:
    "Permanent: the key fails from the next request on; it stays listed as revoked. Only a caller whose role covers the key's may revoke it. Revoking twice is 404.",
  tag: "Workspace keys",
  auth: "session",
  permission: "workspace_keys:write",
  responses: { 204: { description: "Revoked" } },
  errors: ["not_found"],
});
