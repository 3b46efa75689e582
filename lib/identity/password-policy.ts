import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/identity/password-limits";

/**
 * One password rule for every way a password is set (create-owner, first run, sign-up, invitation,
 * change, reset): 10 to 256 characters. The upper bound keeps the KDF's input bounded.
 */
export const newPasswordSchema = z
  .string({ error: "password is required" })
  .min(MIN_PASSWORD_LENGTH, `password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `password must be at most ${MAX_PASSWORD_LENGTH} characters`);
