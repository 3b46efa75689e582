import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { endResetLinks } from "@/lib/accounts/end-reset-links";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { signInSucceeded, spendSignInAttempt } from "@/lib/auth/sign-in-budget";
import type { Db } from "@/lib/db";
import { validationError } from "@/lib/http/errors";
import type { SessionMember } from "@/lib/identity/load-member";
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
  ip: string,
): Promise<void> {
  // The same budgets as sign-in, spent before the KDF (docs/decisions/1053).
  await spendSignInAttempt(member.email, ip);
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, member.userId))
    .limit(1);
  if (!user || !(await verifyPassword(input.current_password, user.passwordHash))) {
    throw validationError([{ path: "current_password", message: "current_password is wrong" }]);
  }
  await signInSucceeded(member.email, ip);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, member.userId));
    await endResetLinks(tx, member.userId, new Date());
    await endUserSessions(tx, member.userId, { except: member.sessionId });
  });
}
