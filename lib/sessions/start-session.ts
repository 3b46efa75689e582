import { and, eq, lt } from "drizzle-orm";
import { sessions } from "@/db/schema";
import { issueSessionToken, SESSION_MAX_AGE_SEC } from "@/lib/auth/session";
import type { DbOrTx } from "@/lib/db";
import type { Member } from "@/lib/identity/load-member";
import { newId } from "@/lib/ids";

export interface StartedSession {
  sessionId: string;
  token: string;
}

/**
 * Signs a member in: a session row (docs/decisions/0900) and the session JWT that names it. The
 * user's expired rows are purged here, so the table holds live sessions plus at most a few stale
 * ones per user, without a sweeper.
 */
/** Where a session began, for the sessions list (GET /v1/workspace/me/sessions). */
export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null;
}

export async function startSession(
  db: DbOrTx,
  member: Pick<Member, "userId" | "orgId" | "email" | "displayName">,
  now: Date = new Date(),
  origin: SessionOrigin = { ip: null, userAgent: null },
): Promise<StartedSession> {
  const sessionId = newId("session");
  await db.delete(sessions).where(and(eq(sessions.userId, member.userId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    id: sessionId,
    userId: member.userId,
    orgId: member.orgId,
    createdAt: now,
    expiresAt: sessionExpiry(now),
    ip: origin.ip?.slice(0, 100) ?? null,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
    lastSeenAt: now,
  });
  const token = await issueSessionToken({ ...member, sessionId });
  return { sessionId, token };
}

export function sessionExpiry(from: Date): Date {
  return new Date(from.getTime() + SESSION_MAX_AGE_SEC * 1000);
}
