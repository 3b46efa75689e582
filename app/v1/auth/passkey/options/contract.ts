import { passkeyOptionsSchema } from "@/lib/passkeys/passkey-schemas";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const passkeySignInOptionsContract = defineRoute({
  method: "POST",
  path: "/v1/auth/passkey/options",
  operationId: "passkeySignInOptions",
  summary: "Start signing in with a passkey (extension)",
  description:
    "Answers `options` for `startAuthentication()` of @simplewebauthn/browser: a single-use challenge valid 5 minutes, no credential list (the browser offers the person's discoverable passkeys), user verification required. Its answer goes to `POST /v1/auth/passkey` (password-less) or, as `passkey`, to `POST /v1/auth/login` (the second factor). Counted against the sign-in budget per client IP (docs/decisions/1341).",
  tag: "Auth",
  auth: "none",
  noBody: true,
  responses: { 200: { description: "Authentication options", schema: passkeyOptionsSchema } },
  errors: ["csrf_failed"],
  rateLimits: [limits.signInPerIp],
});
