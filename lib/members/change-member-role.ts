import { and, eq } from "drizzle-orm";
import { memberships } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db";
import { sqlState } from "@/lib/db-errors";
import type { Member } from "@/lib/identity/load-member";
import { lockMembership } from "@/lib/members/find-membership";
import { serializeMember } from "@/lib/members/list-members";
import type { MemberDto } from "@/lib/members/member-schema";
import { assertKeepsAnOwner, assertMayTouchOwnerRole, lockOwners } from "@/lib/members/owner-rules";

/**
 * PATCH /v1/workspace/members/:userId. The member's next request runs with the new role: every
 * request loads the membership afresh (lib/identity/load-member.ts).
 */
export async function changeMemberRole(
  db: Db,
  actor: Pick<Member, "orgId" | "role">,
  audit: AuditContext,
  userId: string,
  role: Role,
): Promise<MemberDto> {
  // Two Owners demoting each other at once can still meet in a deadlock on PostgreSQL (one side
  // locks the Owners while the other's update re-checks a row it changed): the database cancels one
  // transaction, which is safe to run again; the rules then read what the other committed.
  for (let attempt = 1; ; attempt++) {
    try {
      return await changeOnce(db, actor, audit, userId, role);
    } catch (err) {
      if (sqlState(err) !== "40P01" || attempt >= 3) throw err;
    }
  }
}

function changeOnce(
  db: Db,
  actor: Pick<Member, "orgId" | "role">,
  audit: AuditContext,
  userId: string,
  role: Role,
): Promise<MemberDto> {
  return audited(
    db,
    audit,
    async (tx) => {
      const owners = await lockOwners(tx, actor.orgId);
      const target = await lockMembership(tx, actor.orgId, userId);
      assertMayTouchOwnerRole(actor.role, target.role === "Owner" || role === "Owner");
      if (target.role === role) return { member: target, from: target.role };
      if (target.role === "Owner") assertKeepsAnOwner(owners, userId);
      await tx
        .update(memberships)
        .set({ role })
        .where(and(eq(memberships.orgId, actor.orgId), eq(memberships.userId, userId)));
      return { member: { ...target, role }, from: target.role };
    },
    ({ member, from }) => ({
      action: "member.role_changed",
      target: { type: "user", id: member.id },
      metadata: { email: member.email, from, to: member.role },
    }),
  ).then(({ member }) => serializeMember(member));
}
