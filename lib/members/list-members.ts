import { and, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { memberships, users } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import type { DbOrTx } from "@/lib/db";
import type { MemberDto } from "@/lib/members/member-schema";
import { afterCursor, containsPattern, countSelectionUpTo, newestFirst, toPage } from "@/lib/pagination";

export const memberColumns = {
  id: memberships.userId,
  createdAt: memberships.createdAt,
  email: users.email,
  displayName: users.displayName,
  role: memberships.role,
};

type MemberRow = { id: string; createdAt: Date; email: string; displayName: string; role: Role };

export function serializeMember(r: MemberRow): MemberDto {
  return {
    user_id: r.id,
    email: r.email,
    display_name: r.displayName,
    role: r.role,
    joined_at: r.createdAt.toISOString(),
  };
}

/**
 * The console's search (issue 49): the name or the address contains it, any case. A filter over
 * the org's memberships (memberships_org_created_idx bounds it to one org), not an index of its own.
 */
function memberFilters(orgId: string, search: string | undefined): (SQL | undefined)[] {
  const pattern = search ? containsPattern(search) : undefined;
  return [
    eq(memberships.orgId, orgId),
    pattern ? or(ilike(users.email, pattern), ilike(users.displayName, pattern)) : undefined,
  ];
}

/** How many members match (capped, lib/pagination.ts), and how many of them are Owners when `role` is given. */
export function countMembers(
  db: DbOrTx,
  orgId: string,
  f: { search?: string | undefined; role?: Role } = {},
): Promise<number> {
  return countSelectionUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(...memberFilters(orgId, f.search), f.role ? eq(memberships.role, f.role) : undefined)),
  );
}

/** GET /v1/workspace/members: newest first by (joined_at, user_id), keyset like projects. */
export async function listMembers(
  db: DbOrTx,
  orgId: string,
  q: { limit: number; cursor?: string | undefined; search?: string | undefined },
): Promise<{ items: MemberDto[]; next_cursor: string | null }> {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    // memberships_org_created_idx: the org's memberships in (created_at, user_id) desc order.
    .where(
      and(
        ...memberFilters(orgId, q.search),
        afterCursor(memberships.createdAt, memberships.userId, q.cursor),
      ),
    )
    .orderBy(...newestFirst(memberships.createdAt, memberships.userId))
    .limit(q.limit + 1);
  return toPage(rows, q.limit, serializeMember);
}
