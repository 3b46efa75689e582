import { and, eq } from "drizzle-orm";
import { memberships, orgs, recoveryCodes, userTotp } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import { replaceRecoveryCodes, spendRecoveryCode } from "@/lib/auth/two-factor/recovery-codes";
import { forgetDevices } from "@/lib/auth/two-factor/remembered-devices";
import { newTotpSecret, otpauthUrl } from "@/lib/auth/two-factor/totp-code";
import { loadTotp, spendTotpCode } from "@/lib/auth/two-factor/totp-state";
import { encryptSecret } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { rateLimitedError } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";

interface Person {
  userId: string;
  email: string;
}

/**
 * Starts (or restarts) enrolment: a new secret, encrypted at rest, not in force until confirmed
 * with a code from it. Refused while two-factor is on: turn it off first.
 */
export async function startTotpEnrolment(
  db: Db,
  who: Person,
  now: Date = new Date(),
): Promise<{ secret: string; otpauth_url: string }> {
  const current = await loadTotp(db, who.userId);
  if (current?.confirmed) {
    throw new ApiError(
      "conflict",
      "Two-factor is already on. To change authenticator, turn it off first (DELETE /v1/workspace/me/totp with a code).",
    );
  }
  const secret = newTotpSecret();
  const boxed = encryptSecret(secret);
  await db
    .insert(userTotp)
    .values({ userId: who.userId, secret: boxed, createdAt: now })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret: boxed, confirmedAt: null, lastStep: null, createdAt: now },
    });
  return { secret, otpauth_url: otpauthUrl(secret, who.email) };
}

/** Wrong codes on the signed-in endpoints spend the user's budget; a right one does not. */
async function guarded<T>(userId: string, check: () => Promise<T>): Promise<T> {
  const d = await limits.twoFactorCodes.peek(userId);
  if (!d.allowed) throw rateLimitedError(d, "Too many wrong codes. Try again later.");
  try {
    return await check();
  } catch (err) {
    if (err instanceof ApiError && err.code === "invalid_code") await limits.twoFactorCodes.consume(userId);
    throw err;
  }
}

/** A code check whose failure answers 422 `invalid_code` (a 401 would read as the session ending). */
async function asCodeError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (
      err instanceof ApiError &&
      (err.code === "invalid_second_factor" || err.code === "second_factor_replayed")
    )
      throw new ApiError("invalid_code", err.detail);
    throw err;
  }
}

/** Turns two-factor on with a code from the new secret; answers ten recovery codes, once. */
export async function confirmTotp(
  db: Db,
  ctx: AuditContext,
  who: Person,
  code: string,
  now: Date = new Date(),
): Promise<string[]> {
  return guarded(who.userId, async () => {
    const state = await loadTotp(db, who.userId);
    if (!state || state.confirmed) {
      throw new ApiError(
        "conflict",
        state ? "Two-factor is already on." : "Start enrolment first (POST /v1/workspace/me/totp).",
      );
    }
    return audited(
      db,
      ctx,
      async (tx) => {
        await asCodeError(() => spendTotpCode(tx, who.userId, state, code, now));
        await tx.update(userTotp).set({ confirmedAt: now }).where(eq(userTotp.userId, who.userId));
        return replaceRecoveryCodes(tx, who.userId, now);
      },
      (codes) => ({
        action: "auth.two_factor_enabled",
        target: { type: "user", id: who.userId },
        metadata: { recovery_codes: codes.length },
      }),
    );
  });
}

/**
 * Turns two-factor off with a current code or a recovery code. Refused while an org of the user
 * requires two-factor (docs/decisions/1263). Recovery codes and remembered devices go with it.
 */
export async function disableTotp(
  db: Db,
  ctx: AuditContext,
  who: Person,
  code: string,
  now: Date = new Date(),
): Promise<void> {
  await guarded(who.userId, async () => {
    const state = await loadTotp(db, who.userId);
    if (!state?.confirmed) throw new ApiError("conflict", "Two-factor is not on.");
    const [bound] = await db
      .select({ name: orgs.name })
      .from(memberships)
      .innerJoin(orgs, eq(orgs.id, memberships.orgId))
      .where(and(eq(memberships.userId, who.userId), eq(orgs.requireTwoFactor, true)))
      .limit(1);
    if (bound) {
      throw new ApiError(
        "conflict",
        `${bound.name} requires two-factor for every member: it cannot be turned off while you are a member.`,
      );
    }
    await audited(
      db,
      ctx,
      async (tx) => {
        const digits = /^\d{6}$/.test(code);
        if (digits) await asCodeError(() => spendTotpCode(tx, who.userId, state, code, now));
        else if (!(await spendRecoveryCode(tx, who.userId, code, now))) {
          throw new ApiError("invalid_code", "That recovery code is wrong or was already used.");
        }
        await tx.delete(userTotp).where(eq(userTotp.userId, who.userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, who.userId));
        await forgetDevices(tx, who.userId);
        return digits ? "otp" : "recovery_code";
      },
      (via) => ({
        action: "auth.two_factor_disabled",
        target: { type: "user", id: who.userId },
        metadata: { via },
      }),
    );
  });
}
