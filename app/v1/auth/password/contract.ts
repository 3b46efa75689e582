import { changePasswordBody } from "@/lib/accounts/account-schemas";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const changePasswordContract = defineRoute({
  method: "POST",
  path: "/v1/auth/password",
  operationId: "changePassword",
  summary: "Change password (extension)",
  description:
    "Needs the current password (a wrong one is 422 on `current_password` and counts as a failed sign-in). The caller's other sessions end; this one continues.",
  tag: "Auth",
  auth: "session",
  body: changePasswordBody,
  responses: { 204: { description: "Done" } },
  errors: [],
  rateLimits: [limits.signInFailures, limits.signInAccountFailures],
  idempotent: true,
});
