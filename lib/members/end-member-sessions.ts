import { and, eq } from "drizzle-orm";
import { memberships } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { assertMayTouchOwnerRole } from "@/lib/members/owner-rules";
import { endSession, endUserSessions } from "@/lib/sessions/end-sessions";

/** One of the caller's own sessions, by id; another person's id is 404 like a missing one. */
export async function endOwnSession(
  db: Db,
  ctx: AuditContext,
  userId: string,
  sessionId: string,
): Promise<void> {
  await audited(
    db,
    ctx,
    (tx) => endSession(tx, sessionId, userId),
    (ended) => {
      if (ended === 0) throw new ApiError("not_found", "No such session of yours.");
      return { action: "auth.session_ended", target: { type: "session", id: sessionId } };
    },
  );
}

/**
 * An Owner or Admin ends every session a member has in this org (a lost laptop, a departure in
 * progress). Only an Owner ends an Owner's. Not a member of this org: 404.
 */
export async function endMemberSessions(
  db: Db,
  ctx: AuditContext,
  actor: { orgId: string; role: Role },
  userId: string,
): Promise<number> {
  const [target] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.orgId, actor.orgId), eq(memberships.userId, userId)));
  if (!target) throw new ApiError("not_found", "No such member in this organisation.");
  assertMayTouchOwnerRole(actor.role, target.role === "Owner");
  return audited(
    db,
    ctx,
    (tx) => endUserSessions(tx, userId, { orgId: actor.orgId }),
    (ended) => ({
      action: "member.sessions_ended",
      target: { type: "user", id: userId },
      metadata: { sessions: ended },
    }),
  );
}
