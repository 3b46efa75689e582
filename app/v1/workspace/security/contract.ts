import { z } from "zod";
import { securityPolicySchema } from "@/lib/auth/two-factor/two-factor-schemas";
import { defineRoute } from "@/lib/routes/contract";

export const getSecurityPolicyContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/security",
  operationId: "getSecurityPolicy",
  summary: "The org's sign-in policy (extension)",
  description: "Whether two-factor is required for every member, and how many members have not turned it on.",
  tag: "Workspace",
  auth: "session",
  permission: "members:read",
  responses: { 200: { description: "OK", schema: securityPolicySchema } },
  errors: [],
});

export const updateSecurityPolicyContract = defineRoute({
  method: "PATCH",
  path: "/v1/workspace/security",
  operationId: "updateSecurityPolicy",
  summary: "Require two-factor for every member (extension)",
  description:
    "Owner only. With `require_two_factor: true`, a member without two-factor can, from their next request, only turn it on (every other workspace call answers 403 `two_factor_enrolment_required`; the console leads them to the enrolment page). The Owner must have two-factor on first (409 `conflict`). Audited as `org.two_factor_policy_changed` (docs/decisions/1263).",
  tag: "Workspace",
  auth: "session",
  permission: "security:manage",
  body: z.object({ require_two_factor: z.boolean({ error: "require_two_factor must be true or false" }) }),
  responses: { 200: { description: "The policy now in force", schema: securityPolicySchema } },
  errors: ["conflict"],
});
