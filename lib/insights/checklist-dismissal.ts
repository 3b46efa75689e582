import { and, eq } from "drizzle-orm";
import { memberships } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/**
 * The getting-started checklist is closed per member (issue 38): a column on the membership, so it
 * follows the person in this org and nobody else (memberships_pkey: org, user).
 */
export async function setChecklistDismissed(
  db: DbOrTx,
  member: { orgId: string; userId: string },
  dismissed: boolean,
): Promise<void> {
  await db
    .update(memberships)
    .set({ checklistDismissedAt: dismissed ? new Date() : null })
    .where(and(eq(memberships.orgId, member.orgId), eq(memberships.userId, member.userId)));
}

export async function isChecklistDismissed(
  db: DbOrTx,
  member: { orgId: string; userId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ at: memberships.checklistDismissedAt })
    .from(memberships)
    .where(and(eq(memberships.orgId, member.orgId), eq(memberships.userId, member.userId)))
    .limit(1);
  return Boolean(row?.at);
}
