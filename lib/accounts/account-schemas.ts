import { z } from "zod";
import { otpField, recoveryCodeField } from "@/lib/auth/login-schema";
import { newPasswordSchema } from "@/lib/identity/password-policy";

/** Bodies of the /v1/auth account endpoints (the OpenAPI document reads the same schemas). */

export const emailField = z
  .string({ error: "email is required" })
  .trim()
  .max(320, "email must be at most 320 characters")
  .pipe(z.email({ error: "email must be a valid address" }));

export const displayNameField = z
  .string({ error: "display_name is required" })
  .trim()
  .min(1, "display_name is required")
  .max(100, "display_name must be at most 100 characters");

/** Tokens from our links are 43 base64url characters; anything else names nothing. */
export const linkTokenField = z.string({ error: "token is required" }).min(1, "token is required").max(200);

export const changePasswordBody = z.object({
  current_password: z.string({ error: "current_password is required" }).min(1).max(1024),
  new_password: newPasswordSchema,
});

export const switchOrgBody = z.object({
  org_id: z.string({ error: "org_id is required" }).min(1).max(64),
});

export const signupBody = z.object({
  email: emailField,
  password: newPasswordSchema,
  display_name: displayNameField,
  org_name: z
    .string({ error: "org_name is required" })
    .trim()
    .min(1, "org_name is required")
    .max(80, "org_name must be at most 80 characters"),
});

export const verifyEmailBody = z.object({ token: linkTokenField });

export const passwordResetBody = z.object({ email: emailField });

export const passwordResetConfirmBody = z.object({ token: linkTokenField, password: newPasswordSchema });

export const acceptInvitationBody = z.object({
  token: linkTokenField,
  /** Needed for a new account; ignored when the address already has one. */
  display_name: displayNameField.optional(),
  password: z.string({ error: "password is required" }).min(1, "password is required").max(1024),
  /** An existing account with two-factor on proves it here too, as at sign-in (docs/decisions/1260). */
  otp: otpField.optional(),
  recovery_code: recoveryCodeField.optional(),
});

/** Answers of sign-up and reset requests: always the same, so they tell nobody whether an account exists. */
export const verificationSentSchema = z.object({ status: z.literal("verification_sent") });
export const resetSentSchema = z.object({ status: z.literal("reset_sent") });
