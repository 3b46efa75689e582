import { asc, eq } from "drizzle-orm";
import { memberships, orgs } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import type { MyOrg } from "@/lib/members/member-schema";

/** The orgs a user belongs to, for the org switcher (a person in hundreds of orgs is not expected). */
export async function listMyOrgs(db: DbOrTx, userId: string, currentOrgId: string): Promise<MyOrg[]> {
  const rows = await db
    .select({ id: orgs.id, name: orgs.name, role: memberships.role })
    .from(memberships)
    .innerJoin(orgs, eq(orgs.id, memberships.orgId))
    // memberships_user_idx: the user's memberships.
    .where(eq(memberships.userId, userId))
    .orderBy(asc(orgs.name), asc(orgs.id))
    .limit(200);
  return rows.map((r) => ({ ...r, current: r.id === currentOrgId }));
}
