import { asc, eq } from "drizzle-orm";
import { memberships, users } from "@/db/schema";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "@/lib/auth/password";
import { signInSucceeded, spendSignInAttempt } from "@/lib/auth/sign-in-budget";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { loadMember, type Member } from "@/lib/identity/load-member";
import { type RateLimitDecision, rateLimitedError } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";

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

/**
 * Checks an email and password. Unknown addresses run the same KDF against a dummy hash, so both
 * failures answer the same error in similar time.
 */
export async function verifyLogin(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<Member> {
  const email = normaliseEmail(input.email);
  const byIp = await loginLimits.perIp.consume(input.ip);
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
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  const member = ok && user?.orgId ? await loadMember(db, user.id, user.orgId) : null;
  if (!member) {
    throw new ApiError("invalid_credentials", "The email or password is wrong.");
  }
  await signInSucceeded(email, input.ip);
  return member;
}
