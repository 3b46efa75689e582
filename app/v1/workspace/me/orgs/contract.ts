import { myOrgSchema } from "@/lib/members/member-schema";
import { defineRoute } from "@/lib/routes/contract";
import { itemsOnly } from "@/lib/wire";

export const listMyOrgsContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/me/orgs",
  operationId: "listMyOrgs",
  summary: "The caller's organisations (extension)",
  tag: "Workspace",
  auth: "session",
  responses: { 200: { description: "OK", schema: itemsOnly(myOrgSchema) } },
  errors: [],
});
