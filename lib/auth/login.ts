import { asc, eq } from "drizzle-orm";
import { memberships, users } from "@/db/schema";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "@/lib/auth/password";
import { pendingSignupHash } from "@/lib/auth/pending-signup";
import { signInSucceeded, spendSignInAttempt } from "@/lib/auth/sign-in-budget";
import { signInKeys } from "@/lib/auth/sign-in-keys";
import {
  checkSecondFactor,
  type SecondFactorInput,
  type SecondFactorUsed,
} from "@/lib/auth/two-factor/check-second-factor";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { loadMember, type Member } from "@/lib/identity/load-member";
import { type RateLimitDecision, rateLimitedError } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { assertSignInWithoutSsoAllowed } from "@/lib/sso/require-sso";

/**
 * Sign-in attempts per client IP, and failures per (account, address) and per account
 * (lib/auth/sign-in-budget.ts, docs/decisions/1053), per 15 minutes.
 */
export const loginLimits = {
  perEmail: limits.signInFailures,
  perAccount: limits.signInAccountFailures,
  perIp: limits.signInPerIp,
};

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function throttled(d: RateLimitDecision): ApiError {
  return rateLimitedError(d, "Too many sign-in attempts. Try again later.");
}

export interface VerifiedLogin {
  member: Member;
  secondFactor: SecondFactorUsed;
}

/**
 * Checks an email and password, then the second factor of an account that has one
 * (lib/auth/two-factor/check-second-factor.ts). Unknown addresses run the same KDF against a dummy
 * hash, so both failures answer the same error in similar time. Only a full success gives the
 * attempt back: a right password with a wrong or missing code stays counted.
 */
export async function verifyLogin(
  db: Db,
  input: { email: string; password: string; ip: string } & SecondFactorInput,
  now: Date = new Date(),
): Promise<VerifiedLogin> {
  const email = normaliseEmail(input.email);
  const byIp = await loginLimits.perIp.consume(signInKeys.ip(input.ip));
  if (!byIp.allowed) throw throttled(byIp);
  // The failure budgets are spent before the password is checked, atomically in the counter store:
  // N parallel guesses get at most the budget's worth of KDF runs (peek-then-consume let 49 of 60
  // through). A success gives its points back.
  await spendSignInAttempt(email, input.ip);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, orgId: memberships.orgId })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.email, email))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  // Before the password, so the answer says nothing of it (docs/decisions/1344).
  await assertSignInWithoutSsoAllowed(db, email, user?.id ?? null);
  // No account yet: the password may be the one of a sign-up waiting for its link (decision 1351).
  // Still one KDF run, as for any address.
  const pending = user ? undefined : await pendingSignupHash(db, email, now);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? pending ?? DUMMY_PASSWORD_HASH);
  if (ok && !user && pending) {
    throw new ApiError(
      "email_not_confirmed",
      "Confirm your email address first: open the link we sent to it (valid 24 hours), then sign in. No email? Sign up again with the same address to get a new link.",
    );
  }
  const member = ok && user?.orgId ? await loadMember(db, user.id, user.orgId) : null;
  if (!member) {
    throw new ApiError("invalid_credentials", "The email or password is wrong.");
  }
  const secondFactor = await checkSecondFactor(db, member.userId, input, now);
  await signInSucceeded(email, input.ip);
  return { member, secondFactor };
}
