import { defineRoute } from "@/lib/routes/contract";

export const revokeMemberInvitationContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/members/invitations/{id}",
  operationId: "revokeMemberInvitation",
  summary: "Revoke an invitation (extension)",
  tag: "Members",
  auth: "session",
  permission: "members:manage",
  responses: { 204: { description: "Revoked; the link stops working" } },
  errors: ["not_found"],
});
