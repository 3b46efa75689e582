import { eq, getTableColumns, isNull } from "drizzle-orm";
import { orgInvitations } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import type { MemberInvitationDto } from "@/lib/members/member-schema";
import { serializeMemberInvitation } from "@/lib/members/serialize-member-invitation";
import { listNewestFirst } from "@/lib/pagination";

/**
 * GET /v1/workspace/members/invitations: invitations not accepted and not revoked, newest first,
 * keyset pages. Expired ones stay listed (status `expired`) so they can be resent or revoked.
 */
export async function listMemberInvitations(
  db: DbOrTx,
  orgId: string,
  q: { limit: number; cursor?: string | undefined },
  now: Date = new Date(),
): Promise<{ items: MemberInvitationDto[]; next_cursor: string | null }> {
  // org_invitations_org_created_idx: the org's invitations, newest first.
  const open = [
    eq(orgInvitations.orgId, orgId),
    isNull(orgInvitations.acceptedAt),
    isNull(orgInvitations.revokedAt),
  ];
  return listNewestFirst(
    db,
    orgInvitations,
    open,
    q,
    (r) => serializeMemberInvitation(r, now),
    getTableColumns(orgInvitations),
  );
}
