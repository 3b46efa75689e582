import { and, eq } from "drizzle-orm";
import { memberships } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db";
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
