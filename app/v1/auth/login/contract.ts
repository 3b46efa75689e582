import { loginBody } from "@/lib/auth/login-schema";
import { identitySchema } from "@/lib/identity/identity-schema";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const signInContract = defineRoute({
  method: "POST",
  path: "/v1/auth/login",
  operationId: "signIn",
  summary: "Sign in",
  description:
    "Checks an email and password; 200 answers the identity and sets the `svc_session` cookie (HttpOnly, Secure, SameSite=Lax). The same token is accepted as `Authorization: Bearer`. Throttled per client IP (100 attempts per 15 min) and per account and client address (10 failures per 15 min); past 50 attempts per account in 15 min from all addresses, only an address that signed in to the account before goes on, others get 429 `sign_in_proof_required` until the window passes or the emailed password-reset link is used (docs/decisions/1053).",
  tag: "Auth",
  auth: "none",
  body: loginBody,
  responses: { 200: { description: "Signed in; `Set-Cookie: svc_session=…`", schema: identitySchema } },
  errors: ["invalid_credentials", "rate_limited", "csrf_failed"],
  rateLimits: [limits.signInPerIp, limits.signInFailures, limits.signInAccountFailures],
});
