import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";
import { ssoStartBody, ssoStartSchema } from "@/lib/sso/sso-schemas";

export const startSsoContract = defineRoute({
  method: "POST",
  path: "/v1/auth/sso/start",
  operationId: "startSso",
  summary: "Start signing in through the org's identity provider (extension)",
  description:
    "`email`: its domain picks the org whose SSO covers it (404 `sso_not_configured` when none does). Answers the provider's `authorization_url` (authorization code flow with PKCE, a fresh `state` and `nonce`) and sets the `svc_sso` cookie holding the state, which the callback requires: send the browser there. After the provider, `GET /v1/auth/sso/callback` signs the person in (docs/decisions/1343).",
  tag: "Auth",
  auth: "none",
  body: ssoStartBody,
  responses: { 200: { description: "Send the browser to `authorization_url`", schema: ssoStartSchema } },
  errors: ["sso_not_configured", "sso_provider_unreachable", "csrf_failed"],
  rateLimits: [limits.signInPerIp],
});
