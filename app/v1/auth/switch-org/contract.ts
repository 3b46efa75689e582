import { switchOrgBody } from "@/lib/accounts/account-schemas";
import { identitySchema } from "@/lib/identity/identity-schema";
import { defineRoute } from "@/lib/routes/contract";

export const switchOrgContract = defineRoute({
  method: "POST",
  path: "/v1/auth/switch-org",
  operationId: "switchOrg",
  summary: "Switch organisation (extension)",
  description: "Moves this session to another org of the caller; 404 for an org they are not in.",
  tag: "Auth",
  auth: "session",
  body: switchOrgBody,
  responses: { 200: { description: "The identity in the new org; a fresh cookie", schema: identitySchema } },
  errors: ["not_found"],
  idempotent: true,
});
