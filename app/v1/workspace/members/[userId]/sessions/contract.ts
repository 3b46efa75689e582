import { defineRoute } from "@/lib/routes/contract";

export const endMemberSessionsContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/members/{userId}/sessions",
  operationId: "endMemberSessions",
  summary: "End a member's sessions (extension)",
  description:
    "Every session the member has in this org ends at once (cookie and Bearer); they stay a member and can sign in again. Owner and Admin; only an Owner ends an Owner's sessions. 404 for someone who is not a member. Audited as `member.sessions_ended`.",
  tag: "Members",
  auth: "session",
  permission: "members:manage",
  responses: { 204: { description: "Ended" } },
  errors: ["not_found"],
});
