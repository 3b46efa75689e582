import { eq } from "drizzle-orm";
import { orgInvitations } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import type { Member } from "@/lib/identity/load-member";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { lockOpenInvitation } from "@/lib/members/find-member-invitation";
import { assertNotMember, issueInvitation } from "@/lib/members/invite-member";
import type { MemberInvitationDto } from "@/lib/members/member-schema";
import { assertMayTouchOwnerRole } from "@/lib/members/owner-rules";
import { serializeMemberInvitation } from "@/lib/members/serialize-member-invitation";

/**
 * POST /v1/workspace/members/invitations/:id/resend: the invitation is replaced by a fresh one (new
 * id, new link valid 7 days from now, emailed again); the old link answers 410 from then on. Works
 * for an expired invitation too.
 */
export async function resendMemberInvitation(
  db: Db,
  actor: Pick<Member, "orgId" | "orgName" | "role" | "userId" | "email" | "displayName">,
  audit: AuditContext,
  id: string,
  now: Date = new Date(),
): Promise<MemberInvitationDto> {
  const { row } = await transactionWithJobs(db, async (tx) => {
    const open = await lockOpenInvitation(tx, actor.orgId, id);
    assertMayTouchOwnerRole(actor.role, open.role === "Owner");
    await assertNotMember(tx, actor.orgId, open.email);
    await tx.update(orgInvitations).set({ revokedAt: now }).where(eq(orgInvitations.id, id));
    const issued = await issueInvitation(tx, actor, { email: open.email, role: open.role }, now);
    await recordAudit(tx, audit, {
      action: "member_invitation.resent",
      target: { type: "member_invitation", id: issued.row.id },
      metadata: { email: open.email, role: open.role, replaces: id },
    });
    return issued;
  });
  return serializeMemberInvitation(row, now);
}
