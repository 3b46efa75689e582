import { and, eq } from "drizzle-orm";
import { memberships, orgs, users } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import type { Db, DbOrTx } from "@/lib/db";
import { type PreparedStatement, runPrepared } from "@/lib/db-prepared";
import { env } from "@/lib/env";
import type { Identity } from "@/lib/identity/identity-schema";

/**
 * A workspace API key acting instead of a person (docs/decisions/1290). Its principal's `userId` is
 * the key's id (`wk_…`): it names the actor in rate limits, idempotency scopes and the audit trail;
 * a column that references a user takes `personOf(member)` (null for a key).
 */
export interface ActingKey {
  id: string;
  name: string;
  /** The one project the key may see and change; null for the whole org. */
  projectId: string | null;
}

export interface Member {
  /** The person's id, or the acting key's id (`key` says which). */
  userId: string;
  email: string;
  displayName: string;
  orgId: string;
  orgName: string;
  role: Role;
  planSelected: boolean;
  /** Set when a workspace API key, not a person's session, makes the request. */
  key?: ActingKey;
}

/** The user a write may reference (created_by, invited_by): null when a key acts. */
export function personOf(member: Pick<Member, "userId" | "key">): string | null {
  return member.key ? null : member.userId;
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
  /**
   * The org requires two-factor and this user has not turned it on: only enrolment, who-am-I and
   * sign-out are allowed (lib/auth/two-factor/enrolment-gate.ts, docs/decisions/1263).
   */
  mustEnrolTwoFactor: boolean;
  /** When a request of this session was last recorded (lib/sessions/touch-session.ts). */
  lastSeenAt: Date | null;
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
  text: `select u.id, u.email, u.display_name, o.id, o.name, m.role, o.plan_selected, s.id,
    o.require_two_factor and not exists (
      select 1 from user_totp t where t.user_id = u.id and t.confirmed_at is not null
    ) and not exists (select 1 from passkeys p where p.user_id = u.id), s.last_seen_at
  from sessions s
  join memberships m on m.user_id = s.user_id and m.org_id = s.org_id
  join users u on u.id = m.user_id
  join orgs o on o.id = m.org_id
  where s.id = $1 and s.user_id = $2 and s.expires_at > $3
  limit 1`,
};

/** The prepared row, in the select list's order; `role` is only ever written from the Role type. */
type SessionMemberColumns = [
  string,
  string,
  string,
  string,
  string,
  Role,
  boolean,
  string,
  boolean,
  Date | string | null,
];

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
  const [userId, email, displayName, orgId, orgName, role, planSelected, sessionId, mustEnrol, lastSeen] =
    row as SessionMemberColumns;
  return {
    userId,
    email,
    displayName,
    orgId,
    orgName,
    role,
    planSelected,
    sessionId,
    mustEnrolTwoFactor: mustEnrol === true,
    // Raw rows: postgres.js and PGlite may hand a timestamptz over as text.
    lastSeenAt: lastSeen === null ? null : new Date(lastSeen),
  };
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
    user_id: m.key ? null : m.userId,
    email: m.email,
    display_name: m.displayName,
    org: { id: m.orgId, name: m.orgName, role: m.role },
    plan_selected: m.planSelected,
    deployment_mode: env.SVC_DEPLOYMENT_MODE,
    ...(m.key ? { key: { id: m.key.id, name: m.key.name, project_id: m.key.projectId } } : {}),
  };
}
