import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { userTotp } from "@/db/schema";
import { checkTotpCode } from "@/lib/auth/two-factor/totp-code";
import { decryptSecret } from "@/lib/crypto/secret-box";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

export interface TotpState {
  secret: string;
  confirmed: boolean;
  lastStep: number | null;
}

/** The user's TOTP row, its secret decrypted; null when two-factor was never started. */
export async function loadTotp(db: DbOrTx, userId: string): Promise<TotpState | null> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  if (!row) return null;
  return { secret: decryptSecret(row.secret), confirmed: row.confirmedAt !== null, lastStep: row.lastStep };
}

/** Whether two-factor is on (confirmed) for the user. */
export async function totpEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Accepts `code` once: its time step must be current and later than the last one accepted, which
 * moves in the same statement (two requests racing with one code: one wins). Throws 401
 * `invalid_second_factor` (wrong or expired) or `second_factor_replayed`.
 */
export async function spendTotpCode(
  db: DbOrTx,
  userId: string,
  state: TotpState,
  code: string,
  now: Date,
): Promise<void> {
  const checked = checkTotpCode(state.secret, code, now);
  if (!checked.ok) {
    throw new ApiError(
      "invalid_second_factor",
      checked.reason === "expired"
        ? "That code has expired. Enter the code your authenticator app shows now."
        : "The code is wrong. Enter the 6-digit code your authenticator app shows now, or a recovery code.",
    );
  }
  const moved = await db
    .update(userTotp)
    .set({ lastStep: checked.step })
    .where(
      and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, checked.step))),
    )
    .returning({ userId: userTotp.userId });
  if (moved.length === 0) {
    throw new ApiError(
      "second_factor_replayed",
      "That code was already used. Wait for your authenticator app to show the next one.",
    );
  }
}
