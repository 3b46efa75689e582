import { eq } from "drizzle-orm";
import { orgInvitations } from "@/db/schema";
import { newLinkToken } from "@/lib/accounts/link-token";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { purgeSealedLink } from "@/lib/email/purge-sealed-link";
import { type Member, personOf } from "@/lib/identity/load-member";
import { newId } from "@/lib/ids";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { lockOpenInvitation } from "@/lib/members/find-member-invitation";
import { assertNotMember, emailInvitation, INVITATION_TTL_MS } from "@/lib/members/invite-member";
import type { MemberInvitationDto } from "@/lib/members/member-schema";
import { assertMayTouchOwnerRole } from "@/lib/members/owner-rules";
import { serializeMemberInvitation } from "@/lib/members/serialize-member-invitation";

/**
 * POST /v1/workspace/members/invitations/:id/resend: the invitation keeps its id (so a client can
 * resend, then revoke or list it by the id it holds) and gets a fresh link valid 7 days from now,
 * emailed again; the old link answers 410 from then on. Works for an expired invitation too.
 * docs/decisions/1000-resending-keeps-the-invitation-id.md.
 */
export async function resendMemberInvitation(
  db: Db,
  actor: Pick<Member, "orgId" | "orgName" | "role" | "userId" | "email" | "displayName" | "key">,
  audit: AuditContext,
  id: string,
  now: Date = new Date(),
): Promise<MemberInvitationDto> {
  return transactionWithJobs(db, async (tx) => {
    const open = await lockOpenInvitation(tx, actor.orgId, id);
    assertMayTouchOwnerRole(actor.role, open.role === "Owner");
    await assertNotMember(tx, actor.orgId, open.email);
    const { token, hash } = newLinkToken();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    // Primary key; the org was checked by the lock above.
    await tx
      .update(orgInvitations)
      .set({ tokenHash: hash, expiresAt, invitedBy: personOf(actor) })
      .where(eq(orgInvitations.id, id));
    // The replaced link's hash lives on in a revoked row of its own, never listed, so the old link
    // answers 410 invitation_expired (replaced) rather than 404 (unknown).
    await tx.insert(orgInvitations).values({
      id: newId("invitation"),
      orgId: open.orgId,
      email: open.email,
      role: open.role,
      tokenHash: open.tokenHash,
      invitedBy: open.invitedBy,
      createdAt: open.createdAt,
      expiresAt: open.expiresAt,
      revokedAt: now,
    });
    // The replaced link opens nothing: its sealed copy goes too (docs/decisions/1011).
    await purgeSealedLink(tx, open.tokenHash);
    await emailInvitation(tx, actor, { email: open.email, role: open.role }, token, now);
    await recordAudit(tx, audit, {
      action: "member_invitation.resent",
      target: { type: "member_invitation", id },
      metadata: { email: open.email, role: open.role },
    });
    return serializeMemberInvitation({ ...open, expiresAt }, now);
  });
}
