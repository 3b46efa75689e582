import { and, eq } from "drizzle-orm";
import { memberships } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import type { Member } from "@/lib/identity/load-member";
import { lockMembership } from "@/lib/members/find-membership";
import { assertKeepsAnOwner, assertMayTouchOwnerRole, lockOwners } from "@/lib/members/owner-rules";
import { endUserSessions } from "@/lib/sessions/end-sessions";

/**
 * DELETE /v1/workspace/members/:userId: the membership goes, and so do the member's sessions in
 * this org, in the same transaction (their next request is 401, cookie or Bearer). The user keeps
 * their account and any other org.
 */
export async function removeMember(
  db: Db,
  actor: Pick<Member, "orgId" | "role">,
  audit: AuditContext,
  userId: string,
): Promise<void> {
  await audited(
    db,
    audit,
    async (tx) => {
      const owners = await lockOwners(tx, actor.orgId);
      const target = await lockMembership(tx, actor.orgId, userId);
      assertMayTouchOwnerRole(actor.role, target.role === "Owner");
      if (target.role === "Owner") assertKeepsAnOwner(owners, userId);
      await tx
        .delete(memberships)
        .where(and(eq(memberships.orgId, actor.orgId), eq(memberships.userId, userId)));
      const sessions = await endUserSessions(tx, userId, { orgId: actor.orgId });
      return { target, sessions };
    },
    ({ target, sessions }) => ({
      action: "member.removed",
      target: { type: "user", id: target.id },
      metadata: { email: target.email, role: target.role, sessions },
    }),
  );
}
