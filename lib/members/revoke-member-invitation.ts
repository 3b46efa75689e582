import { eq } from "drizzle-orm";
import { orgInvitations } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db";
import { lockOpenInvitation } from "@/lib/members/find-member-invitation";
import { assertMayTouchOwnerRole } from "@/lib/members/owner-rules";

/** DELETE /v1/workspace/members/invitations/:id: the link stops working at once. */
export async function revokeMemberInvitation(
  db: Db,
  actor: { orgId: string; role: Role },
  audit: AuditContext,
  id: string,
  now: Date = new Date(),
): Promise<void> {
  await audited(
    db,
    audit,
    async (tx) => {
      const row = await lockOpenInvitation(tx, actor.orgId, id);
      assertMayTouchOwnerRole(actor.role, row.role === "Owner");
      await tx.update(orgInvitations).set({ revokedAt: now }).where(eq(orgInvitations.id, id));
      return row;
    },
    (row) => ({
      action: "member_invitation.revoked",
      target: { type: "member_invitation", id: row.id },
      metadata: { email: row.email, role: row.role },
    }),
  );
}
