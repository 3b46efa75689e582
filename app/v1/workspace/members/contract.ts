import { listMembersQuery, memberSchema } from "@/lib/members/member-schema";
import { defineRoute } from "@/lib/routes/contract";
import { page } from "@/lib/wire";

export const listMembersContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/members",
  operationId: "listMembers",
  summary: "List members (extension)",
  tag: "Members",
  auth: "session",
  permission: "members:read",
  query: listMembersQuery,
  responses: { 200: { description: "OK", schema: page(memberSchema) } },
  errors: [],
});
