import { and, asc, eq, inArray } from "drizzle-orm";
import { memberships, users } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import type { DbOrTx } from "@/lib/db";

export interface MemberRef {
  displayName: string;
  email: string;
  role: Role;
}

/**
 * The org's members holding one of `roles`, e.g. who can select a plan, so the console can name
 * the people to ask. Bounded: a handful of names is what the page shows.
 */
export async function listMembersWithRole(
  db: DbOrTx,
  orgId: string,
  roles: readonly Role[],
  limit = 5,
): Promise<MemberRef[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .select({ displayName: users.displayName, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    // The memberships primary key (org_id, user_id) narrows to the org; roles filter its few rows.
    .where(and(eq(memberships.orgId, orgId), inArray(memberships.role, [...roles])))
    .orderBy(asc(memberships.createdAt), asc(users.email))
    .limit(limit);
  return rows;
}
