import { and, eq } from "drizzle-orm";
import { memberships, users } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import type { DbOrTx } from "@/lib/db";
import type { MemberDto } from "@/lib/members/member-schema";
import { afterCursor, newestFirst, toPage } from "@/lib/pagination";

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

/** GET /v1/workspace/members: newest first by (joined_at, user_id), keyset like projects. */
export async function listMembers(
  db: DbOrTx,
  orgId: string,
  q: { limit: number; cursor?: string | undefined },
): Promise<{ items: MemberDto[]; next_cursor: string | null }> {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    // memberships_org_created_idx: the org's memberships in (created_at, user_id) desc order.
    .where(
      and(eq(memberships.orgId, orgId), afterCursor(memberships.createdAt, memberships.userId, q.cursor)),
    )
    .orderBy(...newestFirst(memberships.createdAt, memberships.userId))
    .limit(q.limit + 1);
  return toPage(rows, q.limit, serializeMember);
}
