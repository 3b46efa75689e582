import { spendRecoveryCode } from "@/lib/auth/two-factor/recovery-codes";
import { isRememberedDevice } from "@/lib/auth/two-factor/remembered-devices";
import { loadTotp, spendTotpCode } from "@/lib/auth/two-factor/totp-state";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { AuthenticationResponse } from "@/lib/passkeys/passkey-schemas";
import { hasPasskey, verifyPasskey } from "@/lib/passkeys/verify-passkey";

export interface SecondFactorInput {
  otp?: string | undefined;
  recovery_code?: string | undefined;
  /** A passkey's answer to `POST /v1/auth/passkey/options` (docs/decisions/1341). */
  passkey?: AuthenticationResponse | undefined;
  /** The `svc_device` cookie, if the browser sent one. */
  deviceToken?: string | undefined;
}

/** How the second factor was given: `none` when the user has none. */
export type SecondFactorUsed = "none" | "otp" | "recovery_code" | "remembered_device" | "passkey";

/**
 * After a right password (docs/decisions/1260): a user with two-factor on must give a current code
 * (once), an unused recovery code, or come from a remembered device. A code sent by someone
 * without two-factor is ignored. Wrong codes throw after the sign-in budgets were spent, so they
 * count against them like wrong passwords.
 */
export async function checkSecondFactor(
  db: DbOrTx,
  userId: string,
  input: SecondFactorInput,
  now: Date,
): Promise<SecondFactorUsed> {
  const [totp, keyed] = await Promise.all([loadTotp(db, userId), hasPasskey(db, userId)]);
  const totpOn = totp?.confirmed === true;
  // A passkey is a second factor as a confirmed authenticator app is (docs/decisions/1341).
  if (!totpOn && !keyed) return "none";
  if (input.passkey !== undefined) {
    if (!keyed)
      throw new ApiError(
        "invalid_second_factor",
        "This account has no passkey: use your authenticator app's code.",
      );
    await verifyPasskey(db, input.passkey, userId, now);
    return "passkey";
  }
  if (totp && totpOn && input.otp !== undefined) {
    await spendTotpCode(db, userId, totp, input.otp, now);
    return "otp";
  }
  if (totpOn && input.recovery_code !== undefined) {
    if (await spendRecoveryCode(db, userId, input.recovery_code, now)) return "recovery_code";
    throw new ApiError(
      "invalid_second_factor",
      "That recovery code is wrong or was already used. Each recovery code works once.",
    );
  }
  if (await isRememberedDevice(db, userId, input.deviceToken, now)) return "remembered_device";
  const ways = [
    ...(totpOn
      ? ["the 6-digit code of your authenticator app as `otp`, or a recovery code as `recovery_code`"]
      : []),
    ...(keyed ? ["a passkey's answer as `passkey` (options from POST /v1/auth/passkey/options)"] : []),
  ];
  throw new ApiError("second_factor_required", `This account has two-factor on: send ${ways.join("; or ")}.`);
}
