import { defineRoute } from "@/lib/routes/contract";

export const endMySessionContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/me/sessions/{sessionId}",
  operationId: "endMySession",
  summary: "End one of the caller's sessions (extension)",
  description:
    "The session stops working at once, as a cookie and as a Bearer token; ending the current one signs this client out. 404 for a session that is not the caller's (or is already gone). Audited as `auth.session_ended`.",
  tag: "Workspace",
  auth: "session",
  responses: { 204: { description: "Ended" } },
  errors: ["not_found"],
});
