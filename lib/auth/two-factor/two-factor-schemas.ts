import { z } from "zod";

/** The answer of `POST /v1/workspace/me/totp`. */
export const totpEnrolmentSchema = z
  .object({
    /** Base32, for typing into an app by hand; shown here once. */
    secret: z.string(),
    /** `otpauth://totp/…`, the content of the QR code an app scans. */
    otpauth_url: z.string(),
  })
  .meta({ id: "TotpEnrolment" });

/** A current code or a recovery code (turning two-factor off). */
export const codeBody = z.object({
  code: z
    .string({ error: "code is required" })
    .transform((s) => s.replace(/\s/g, ""))
    .pipe(
      z
        .string()
        .regex(
          /^(\d{6}|[a-zA-Z2-9]{5}-?[a-zA-Z2-9]{5})$/,
          "code must be the 6 digits your authenticator app shows, or a recovery code like abcde-fghij",
        ),
    ),
});

export const recoveryCodesSchema = z
  .object({
    /** Ten single-use codes, shown this once; only their SHA-256 is kept. */
    recovery_codes: z.array(z.string().regex(/^[a-z2-9]{5}-[a-z2-9]{5}$/)).length(10),
  })
  .meta({ id: "RecoveryCodes" });

export const securityPolicySchema = z
  .object({
    require_two_factor: z.boolean(),
    members_without_two_factor: z.number().int().min(0),
  })
  .meta({ id: "SecurityPolicy" });
