import { and, eq, ne } from "drizzle-orm";
import { sessions } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/**
 * Logout, or ending one session from the sessions list: this one session of the user stops working
 * at once, as a cookie and as a Bearer token. Returns how many ended (0 or 1).
 */
export async function endSession(db: DbOrTx, sessionId: string, userId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Every session of a user (logout-all, password reset), or all but the caller's own (password
 * change), or only those in one org (removal from that org). Returns how many ended.
 */
export async function endUserSessions(
  db: DbOrTx,
  userId: string,
  opts: { except?: string; orgId?: string } = {},
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        opts.except ? ne(sessions.id, opts.except) : undefined,
        opts.orgId ? eq(sessions.orgId, opts.orgId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
