import { changeRoleBody, memberSchema } from "@/lib/members/member-schema";
import { defineRoute } from "@/lib/routes/contract";

export const changeMemberRoleContract = defineRoute({
  method: "PATCH",
  path: "/v1/workspace/members/{userId}",
  operationId: "changeMemberRole",
  summary: "Change a member's role (extension)",
  description:
    "Applies to the member's next request. Only an Owner grants or takes away the Owner role (403 for an Admin); the last Owner cannot be demoted (409 `last_owner`).",
  tag: "Members",
  auth: "session",
  permission: "members:manage",
  body: changeRoleBody,
  responses: { 200: { description: "The member", schema: memberSchema } },
  errors: ["not_found", "last_owner"],
});

export const removeMemberContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/members/{userId}",
  operationId: "removeMember",
  summary: "Remove a member (extension)",
  description:
    "The member's sessions in this org end at once. Only an Owner removes an Owner; never the last one.",
  tag: "Members",
  auth: "session",
  permission: "members:manage",
  responses: { 204: { description: "Removed" } },
  errors: ["not_found", "last_owner"],
});
