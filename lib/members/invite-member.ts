import { and, eq, isNull } from "drizzle-orm";
import { memberships, orgInvitations, users } from "@/db/schema";
import { linkUrl, newLinkToken } from "@/lib/accounts/link-token";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Role } from "@/lib/auth/roles";
import type { Db, Tx } from "@/lib/db";
import { enqueueAccountEmail, type QueuedEmail } from "@/lib/email/enqueue-emails";
import { ApiError } from "@/lib/http/errors";
import { type Member, personOf } from "@/lib/identity/load-member";
import { newId } from "@/lib/ids";
import { type JobTx, transactionWithJobs } from "@/lib/jobs/transaction";
import { renderMemberInvitationEmail } from "@/lib/members/invitation-email";
import type { MemberInvitationDto } from "@/lib/members/member-schema";
import { assertMayTouchOwnerRole } from "@/lib/members/owner-rules";
import { serializeMemberInvitation } from "@/lib/members/serialize-member-invitation";

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

type Inviter = Pick<Member, "orgId" | "orgName" | "role" | "userId" | "email" | "displayName" | "key">;

/**
 * POST /v1/workspace/members/invitations: a single-use link valid 7 days, emailed at once (outside
 * the room-invitation cap). A pending invitation of the same address is replaced (its link stops
 * working), so inviting again with another role just works.
 */
export async function inviteMember(
  db: Db,
  inviter: Inviter,
  audit: AuditContext,
  input: { email: string; role: Role },
  now: Date = new Date(),
): Promise<MemberInvitationDto> {
  assertMayTouchOwnerRole(inviter.role, input.role === "Owner");
  const email = input.email.toLowerCase();
  const { row } = await transactionWithJobs(db, async (tx) => {
    await assertNotMember(tx, inviter.orgId, email);
    await tx
      .update(orgInvitations)
      .set({ revokedAt: now })
      .where(and(...pendingOf(inviter.orgId, email)));
    const issued = await issueInvitation(tx, inviter, { email, role: input.role }, now);
    await recordAudit(tx, audit, {
      action: "member_invitation.created",
      target: { type: "member_invitation", id: issued.row.id },
      metadata: { email, role: input.role },
    });
    return issued;
  });
  return serializeMemberInvitation(row, now);
}

/** Inserts an invitation with a fresh link and queues its email (the caller dispatches after commit). */
export async function issueInvitation(
  tx: JobTx,
  inviter: Omit<Inviter, "role">,
  input: { email: string; role: Role },
  now: Date,
): Promise<{ row: typeof orgInvitations.$inferSelect; queued: QueuedEmail }> {
  const { token, hash } = newLinkToken();
  const row = {
    id: newId("invitation"),
    orgId: inviter.orgId,
    email: input.email,
    role: input.role,
    tokenHash: hash,
    invitedBy: personOf(inviter),
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    acceptedAt: null,
    revokedAt: null,
  };
  await tx.insert(orgInvitations).values(row);
  const queued = await emailInvitation(tx, inviter, input, token, now);
  return { row, queued };
}

/** Queues the invitation email carrying the link's token (sent at once, after the commit). */
export async function emailInvitation(
  tx: JobTx,
  inviter: Omit<Inviter, "role">,
  input: { email: string; role: Role },
  token: string,
  now: Date,
): Promise<QueuedEmail> {
  const email = renderMemberInvitationEmail({ orgName: inviter.orgName, inviter, role: input.role, token });
  // Sealed at rest (lib/email/seal.ts); valid as long as the invitation: 7 days from now.
  const link = {
    token,
    url: linkUrl("accept-invite", token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  };
  return enqueueAccountEmail(tx, inviter.orgId, { to: input.email, ...email, link }, now);
}

/** An org's not-yet-accepted, not-revoked invitations of one address (org_invitations_org_email_idx). */
export function pendingOf(orgId: string, email: string) {
  return [
    eq(orgInvitations.orgId, orgId),
    eq(orgInvitations.email, email),
    isNull(orgInvitations.acceptedAt),
    isNull(orgInvitations.revokedAt),
  ];
}

/** 409 already_member: the address belongs to a member of the org already. */
export async function assertNotMember(tx: Tx, orgId: string, email: string): Promise<void> {
  const [existing] = await tx
    .select({ userId: memberships.userId })
    .from(users)
    // users_email_key, then the memberships primary key.
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.orgId, orgId)))
    .where(eq(users.email, email))
    .limit(1);
  if (existing) throw new ApiError("already_member", `${email} is already a member of this organisation.`);
}
