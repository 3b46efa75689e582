import { passwordResetBody, resetSentSchema } from "@/lib/accounts/account-schemas";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const requestPasswordResetContract = defineRoute({
  method: "POST",
  path: "/v1/auth/password-reset",
  operationId: "requestPasswordReset",
  summary: "Request a password reset (extension)",
  description:
    "Always 202 in the same time. An address with an account gets a single-use link `{SVC_BASE_URL}/reset-password/<token>` valid 30 minutes.",
  tag: "Accounts",
  auth: "none",
  body: passwordResetBody,
  responses: { 202: { description: "Accepted", schema: resetSentSchema } },
  errors: ["csrf_failed"],
  rateLimits: [limits.accountEmailsPerIp, limits.accountEmailsPerAddress],
});
