import { z } from "zod";
import { authenticationResponseSchema } from "@/lib/passkeys/passkey-schemas";

/** Six digits as an authenticator app shows them; spaces a person typed are dropped. */
export const otpField = z
  .string({ error: "otp must be a string of 6 digits" })
  .transform((s) => s.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "otp must be the 6 digits your authenticator app shows"));

/** `xxxxx-xxxxx` as the confirmation answered it (case, spaces and the hyphen are forgiven). */
export const recoveryCodeField = z
  .string({ error: "recovery_code must be a string" })
  .transform((s) => s.replace(/[\s-]/g, "").toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^[a-z2-9]{10}$/,
        "recovery_code must be one of your 10-character recovery codes, like abcde-fghij",
      ),
  );

export const loginBody = z
  .object({
    email: z.string({ error: "email is required" }).trim().min(3, "email is required").max(320),
    password: z.string({ error: "password is required" }).min(1, "password is required").max(1024),
    /** The current code of the authenticator app, when two-factor is on (docs/decisions/1260). */
    otp: otpField.optional(),
    /** One of the ten recovery codes instead of `otp`; each works once. */
    recovery_code: recoveryCodeField.optional(),
    /** A passkey as the second factor: its answer to `POST /v1/auth/passkey/options` (docs/decisions/1341). */
    passkey: authenticationResponseSchema.optional(),
    /** Skip the second factor on this browser for 30 days (the `svc_device` cookie; docs/decisions/1261). */
    remember_device: z.boolean().optional(),
  })
  .refine((b) => [b.otp, b.recovery_code, b.passkey].filter((f) => f !== undefined).length <= 1, {
    message: "Send one of otp, recovery_code or passkey, not several",
    path: ["recovery_code"],
  });
export type LoginBody = z.output<typeof loginBody>;
