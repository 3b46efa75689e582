import { identitySchema } from "@/lib/identity/identity-schema";
import { passkeySignInBody } from "@/lib/passkeys/passkey-schemas";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const passkeySignInContract = defineRoute({
  method: "POST",
  path: "/v1/auth/passkey",
  operationId: "signInWithPasskey",
  summary: "Sign in with a passkey, password-less (extension)",
  description:
    "Send `response`, what `startAuthentication()` answered to the options of `POST /v1/auth/passkey/options`. A passkey with user verification is two factors in one: no password and no code are asked. 200 answers the identity and sets `svc_session`, as `POST /v1/auth/login` does. 400 `passkey_challenge_invalid` (another, used or expired challenge), 400 `passkey_origin_mismatch`, 401 `passkey_counter_regressed` (a cloned authenticator), 401 `invalid_passkey` (unknown passkey, bad signature); 403 `sso_required` when the person's org requires single sign-on. Audited as `auth.signed_in` with `via: passkey` (docs/decisions/1341).",
  tag: "Auth",
  auth: "none",
  body: passkeySignInBody,
  responses: {
    200: { description: "Signed in; `Set-Cookie: svc_session=…`", schema: identitySchema },
  },
  errors: [
    "passkey_challenge_invalid",
    "passkey_origin_mismatch",
    "passkey_counter_regressed",
    "invalid_passkey",
    "sso_required",
    "csrf_failed",
  ],
  rateLimits: [limits.signInPerIp],
});
