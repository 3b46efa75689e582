import { identitySchema } from "@/lib/identity/identity-schema";
import { defineRoute } from "@/lib/routes/contract";

export const getIdentityContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/me",
  operationId: "getIdentity",
  summary: "Who am I",
  description: "The caller's identity, role and the deployment mode.",
  tag: "Workspace",
  auth: "session",
  responses: { 200: { description: "OK", schema: identitySchema } },
  errors: [],
});
