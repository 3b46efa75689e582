import { eq } from "drizzle-orm";
import { sessions } from "@/db/schema";
import { issueSessionToken } from "@/lib/auth/session";
import type { DbOrTx } from "@/lib/db";
import type { SessionMember } from "@/lib/identity/load-member";
import { sessionExpiry } from "@/lib/sessions/start-session";

/**
 * The sliding 7-day session: a fresh token for the same session row, whose expiry moves with it.
 * Runs at most once a day per session (docs/spec/product-decisions.md §2), so the write is off the hot path.
 */
export async function renewSession(
  db: DbOrTx,
  member: SessionMember,
  now: Date = new Date(),
): Promise<string> {
  await extendSession(db, member.sessionId, now);
  return issueSessionToken(member);
}

/** The row's half of a renewal (next-auth re-issues the console's token itself). */
export async function extendSession(db: DbOrTx, sessionId: string, now: Date = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ expiresAt: sessionExpiry(now) })
    .where(eq(sessions.id, sessionId));
}
