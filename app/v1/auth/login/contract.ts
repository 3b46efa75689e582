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
    "Checks an email and password; 200 answers the identity and sets the `svc_session` cookie (HttpOnly, Secure, SameSite=Lax). The same token is accepted as `Authorization: Bearer`. Throttled per client IP (100 attempts per 15 min) and per account and client address (10 failures per 15 min); past 50 attempts per account in 15 min from all addresses, only an address that signed in to the account before goes on, others get 429 `sign_in_proof_required` until the window passes or the emailed password-reset link is used (docs/decisions/1053). An account with two-factor on answers 401 `second_factor_required` until the body also carries `otp` (the authenticator app's current code, accepted once) or `recovery_code` (each works once), or the browser sends a remembered device's `svc_device` cookie; `remember_device: true` with a code sets that cookie for 30 days (docs/decisions/1260, 1261). Wrong codes count against the same budgets as wrong passwords. The right password of an address whose sign-up is not confirmed yet answers 403 `email_not_confirmed` (open the emailed link first); a wrong one answers `invalid_credentials` as for any address, so the code tells nothing to someone without the password (docs/decisions/1351).",
  tag: "Auth",
  auth: "none",
  body: loginBody,
  responses: {
    200: {
      description:
        "Signed in; `Set-Cookie: svc_session=…` (and `svc_device=…` when `remember_device` was asked)",
      schema: identitySchema,
    },
  },
  errors: [
    "invalid_credentials",
    "email_not_confirmed",
    "second_factor_required",
    "invalid_second_factor",
    "second_factor_replayed",
    "rate_limited",
    "csrf_failed",
  ],
  rateLimits: [limits.signInPerIp, limits.signInFailures, limits.signInAccountFailures],
});
