import { codeBody, totpEnrolmentSchema } from "@/lib/auth/two-factor/two-factor-schemas";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const startTotpContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/me/totp",
  operationId: "startTotpEnrolment",
  summary: "Start two-factor enrolment (extension)",
  description:
    "Creates a new TOTP secret for the caller (SHA-1, 6 digits, 30 s), encrypted at rest; it is not in force until confirmed with a code from it (`POST /v1/workspace/me/totp/confirm`). Starting again replaces an unconfirmed secret. 409 `conflict` while two-factor is on (docs/decisions/1260).",
  tag: "Workspace",
  auth: "session",
  noBody: true,
  responses: {
    201: { description: "Scan `otpauth_url` as a QR code or type `secret`", schema: totpEnrolmentSchema },
  },
  errors: ["conflict"],
  idempotent: true,
});

export const disableTotpContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/me/totp",
  operationId: "disableTotp",
  summary: "Turn two-factor off (extension)",
  description:
    "Needs a current code or an unused recovery code. Recovery codes and remembered devices go with it. 409 `conflict` when two-factor is off or an org of the caller requires it; 422 `invalid_code` for a wrong, expired or replayed code (10 wrong codes per 15 min, then 429).",
  tag: "Workspace",
  auth: "session",
  body: codeBody,
  responses: { 204: { description: "Two-factor is off" } },
  errors: ["conflict", "invalid_code"],
  rateLimits: [limits.twoFactorCodes],
});
