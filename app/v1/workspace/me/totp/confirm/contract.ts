import { otpField } from "@/lib/auth/login-schema";
import { codeBody, recoveryCodesSchema } from "@/lib/auth/two-factor/two-factor-schemas";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const confirmTotpContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/me/totp/confirm",
  operationId: "confirmTotp",
  summary: "Turn two-factor on (extension)",
  description:
    "Confirms enrolment with the authenticator app's current code; from then on sign-in asks for a second factor. Answers ten single-use recovery codes, once. 409 `conflict` without a started enrolment; 422 `invalid_code` for a wrong or expired code (10 wrong codes per 15 min, then 429).",
  tag: "Workspace",
  auth: "session",
  body: codeBody.extend({ code: otpField }),
  responses: {
    200: { description: "Two-factor is on; keep the recovery codes", schema: recoveryCodesSchema },
  },
  errors: ["conflict", "invalid_code"],
  rateLimits: [limits.twoFactorCodes],
  idempotent: true,
});
