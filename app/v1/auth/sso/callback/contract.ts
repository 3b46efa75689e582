import { defineRoute } from "@/lib/routes/contract";
import { ssoCallbackQuery } from "@/lib/sso/sso-schemas";

export const ssoCallbackContract = defineRoute({
  method: "GET",
  path: "/v1/auth/sso/callback",
  operationId: "ssoCallback",
  summary: "Where the identity provider sends the browser back (extension)",
  description:
    "Register this URL as the client's redirect URI. Checks the `state` against the `svc_sso` cookie and the sign-in we started (400 `sso_state_mismatch` when another, used or expired), exchanges the `code`, verifies the ID token's signature, issuer, audience, expiry and nonce (401 `sso_token_invalid`), requires a verified email inside the org's domains (403 `sso_domain_mismatch`). A first sign-in makes the person a member with the org's default role (`member.joined`, `via: sso`). Success: 303 to the console with `svc_session` set. A browser (Accept: text/html) is sent to `/login?sso_error=<code>` on failure; other clients get the problem (docs/decisions/1343).",
  tag: "Auth",
  auth: "none",
  query: ssoCallbackQuery,
  responses: {
    303: { description: "Signed in: to the console (or, from a browser, back to sign-in with `sso_error`)" },
  },
  errors: [
    "sso_state_mismatch",
    "sso_token_invalid",
    "sso_domain_mismatch",
    "sso_not_configured",
    "sso_provider_unreachable",
  ],
});
