import { and, eq, isNull } from "drizzle-orm";
import { orgInvitations } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import {
  type MemberInvitationDto,
  serializeMemberInvitation,
} from "@/lib/members/serialize-member-invitation";
import { afterCursor, newestFirst, toPage } from "@/lib/pagination";

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
  const rows = await db
    .select()
    .from(orgInvitations)
    // org_invitations_org_created_idx: the org's invitations, newest first.
    .where(
      and(
        eq(orgInvitations.orgId, orgId),
        isNull(orgInvitations.acceptedAt),
        isNull(orgInvitations.revokedAt),
        afterCursor(orgInvitations.createdAt, orgInvitations.id, q.cursor),
      ),
    )
    .orderBy(...newestFirst(orgInvitations.createdAt, orgInvitations.id))
    .limit(q.limit + 1);
  return toPage(rows, q.limit, (r) => serializeMemberInvitation(r, now));
}
