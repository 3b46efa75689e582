import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { loginLimits } from "@/lib/auth/login";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db";
import { validationError } from "@/lib/http/errors";
import type { SessionMember } from "@/lib/identity/load-member";
import { rateLimitedError } from "@/lib/ratelimit/limiter";
import { endUserSessions } from "@/lib/sessions/end-sessions";

/**
 * POST /v1/auth/password: the current password proves it is the person, not just their open tab.
 * Wrong guesses count against the address's sign-in failures, so a stolen session cannot
 * brute-force it. The user's other sessions end; the caller's continues.
 */
export async function changePassword(
  db: Db,
  member: SessionMember,
  input: { current_password: string; new_password: string },
): Promise<void> {
  const throttle = await loginLimits.perEmail.peek(member.email);
  if (!throttle.allowed) throw rateLimitedError(throttle, "Too many wrong passwords. Try again later.");
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, member.userId))
    .limit(1);
  if (!user || !(await verifyPassword(input.current_password, user.passwordHash))) {
    await loginLimits.perEmail.consume(member.email);
    throw validationError([{ path: "current_password", message: "current_password is wrong" }]);
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, member.userId));
    await endUserSessions(tx, member.userId, { except: member.sessionId });
  });
}
