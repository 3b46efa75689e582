import { verifyEmailBody } from "@/lib/accounts/account-schemas";
import { identitySchema } from "@/lib/identity/identity-schema";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const verifyEmailContract = defineRoute({
  method: "POST",
  path: "/v1/auth/verify-email",
  operationId: "verifyEmail",
  summary: "Confirm a sign-up (extension)",
  description:
    "Creates the user and the org (the user its Owner) and signs in. Unknown token: 404; used or expired: 410 `link_expired`.",
  tag: "Accounts",
  auth: "none",
  body: verifyEmailBody,
  responses: { 200: { description: "Signed in; `Set-Cookie: svc_session=…`", schema: identitySchema } },
  errors: ["not_found", "link_expired", "conflict", "csrf_failed"],
  rateLimits: [limits.accountLinksPerIp],
});
