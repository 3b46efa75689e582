import { signupBody, verificationSentSchema } from "@/lib/accounts/account-schemas";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const signUpContract = defineRoute({
  method: "POST",
  path: "/v1/auth/signup",
  operationId: "signUp",
  summary: "Sign up (extension)",
  description:
    "With `SVC_SIGNUP=open` (default in cloud mode; otherwise 404). Always 202: the address gets a single-use verification link `{SVC_BASE_URL}/verify-email/<token>` valid 24 h, or, if it already has an account, an email saying so.",
  tag: "Accounts",
  auth: "none",
  body: signupBody,
  responses: { 202: { description: "Email sent", schema: verificationSentSchema } },
  errors: ["not_found", "csrf_failed"],
  rateLimits: [limits.accountEmailsPerIp, limits.accountEmailsPerAddress],
});
