import { and, eq } from "drizzle-orm";
import { memberships, users } from "@/db/schema";
import type { Tx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { memberColumns } from "@/lib/members/list-members";

/** A member of the caller's org, locked for a change; anyone else (another org, no such user) is 404. */
export async function lockMembership(tx: Tx, orgId: string, userId: string) {
  const [row] = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    // The memberships primary key (org_id, user_id).
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)))
    .for("update", { of: memberships });
  if (!row) throw new ApiError("not_found", "No such member in this organisation.");
  return row;
}
