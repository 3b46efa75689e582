import { selectPlanBody } from "@/lib/billing/plans";
import { identitySchema } from "@/lib/identity/identity-schema";
import { defineRoute } from "@/lib/routes/contract";

export const selectPlanContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/plan",
  operationId: "selectPlan",
  summary: "Select the org's plan (extension)",
  tag: "Workspace",
  auth: "session",
  permission: "plan:select",
  body: selectPlanBody,
  responses: { 200: { description: "OK", schema: identitySchema } },
  errors: [],
  idempotent: true,
});
