import { passwordResetConfirmBody } from "@/lib/accounts/account-schemas";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const confirmPasswordResetContract = defineRoute({
  method: "POST",
  path: "/v1/auth/password-reset/confirm",
  operationId: "confirmPasswordReset",
  summary: "Set a new password from a reset link (extension)",
  description: "Ends every session of the user. Unknown token: 404; used or expired: 410 `link_expired`.",
  tag: "Accounts",
  auth: "none",
  body: passwordResetConfirmBody,
  responses: { 204: { description: "Done" } },
  errors: ["not_found", "link_expired", "csrf_failed"],
  rateLimits: [limits.accountLinksPerIp],
});
