import { and, eq, gt } from "drizzle-orm";
import { memberships, orgs, sessions, users } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import type { DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import type { Identity } from "@/lib/identity/identity-schema";

export interface Member {
  userId: string;
  email: string;
  displayName: string;
  orgId: string;
  orgName: string;
  role: Role;
  planSelected: boolean;
}

const memberColumns = {
  userId: users.id,
  email: users.email,
  displayName: users.displayName,
  orgId: orgs.id,
  orgName: orgs.name,
  role: memberships.role,
  planSelected: orgs.planSelected,
};

/** A member as a session presents it: which session row, so logout and password change can name it. */
export interface SessionMember extends Member {
  sessionId: string;
}

/**
 * The caller of every authenticated request: the session row (still there, not expired) joined to
 * the membership of the org the session is in, in ONE query. A role change applies at the next
 * request; a deleted session (logout, password change, removal) or membership answers null.
 */
export async function loadSessionMember(
  db: DbOrTx,
  claims: { sub: string; sid: string },
  now: Date = new Date(),
): Promise<SessionMember | null> {
  const [row] = await db
    .select({ ...memberColumns, sessionId: sessions.id })
    .from(sessions)
    // The sessions primary key finds the row; the memberships primary key (org_id, user_id) the rest.
    .innerJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.orgId, sessions.orgId)),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(orgs, eq(orgs.id, memberships.orgId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** A user's membership of one org (sign-in, switching org). */
export async function loadMember(db: DbOrTx, userId: string, orgId: string): Promise<Member | null> {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(orgs, eq(orgs.id, memberships.orgId))
    .where(and(eq(memberships.userId, userId), eq(memberships.orgId, orgId)))
    .limit(1);
  return row ?? null;
}

export function toIdentity(m: Member): Identity {
  return {
    user_id: m.userId,
    email: m.email,
    display_name: m.displayName,
    org: { id: m.orgId, name: m.orgName, role: m.role },
    plan_selected: m.planSelected,
    deployment_mode: env.SVC_DEPLOYMENT_MODE,
  };
}
