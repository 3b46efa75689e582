import { and, eq } from "drizzle-orm";
import { memberships, orgs, users } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import type { Db, DbOrTx } from "@/lib/db";
import { type PreparedStatement, runPrepared } from "@/lib/db-prepared";
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
 * The session query, prepared once per connection (docs/decisions/0862, 0864): every session
 * request runs it, and on PGlite planning this four-table join costs several times running it.
 * The sessions primary key finds the row; the memberships primary key (org_id, user_id), then the
 * users and orgs primary keys, the rest.
 */
const SESSION_MEMBER: PreparedStatement = {
  name: "svc_session_member",
  types: ["text", "text", "timestamptz"],
  text: `select u.id, u.email, u.display_name, o.id, o.name, m.role, o.plan_selected, s.id
  from sessions s
  join memberships m on m.user_id = s.user_id and m.org_id = s.org_id
  join users u on u.id = m.user_id
  join orgs o on o.id = m.org_id
  where s.id = $1 and s.user_id = $2 and s.expires_at > $3
  limit 1`,
};

/** The prepared row, in the select list's order; `role` is only ever written from the Role type. */
type SessionMemberColumns = [string, string, string, string, string, Role, boolean, string];

/**
 * The caller of every authenticated request: the session row (still there, not expired) joined to
 * the membership of the org the session is in, in ONE query. A role change applies at the next
 * request; a deleted session (logout, password change, removal) or membership answers null.
 */
export async function loadSessionMember(
  db: Db,
  claims: { sub: string; sid: string },
  now: Date = new Date(),
): Promise<SessionMember | null> {
  const [row] = await runPrepared(db, SESSION_MEMBER, [claims.sid, claims.sub, now.toISOString()]);
  if (!row) return null;
  const [userId, email, displayName, orgId, orgName, role, planSelected, sessionId] =
    row as SessionMemberColumns;
  return { userId, email, displayName, orgId, orgName, role, planSelected, sessionId };
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
