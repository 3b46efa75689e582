import { eq, getTableColumns, ilike, isNull } from "drizzle-orm";
import { orgInvitations } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import type { MemberInvitationDto } from "@/lib/members/member-schema";
import { serializeMemberInvitation } from "@/lib/members/serialize-member-invitation";
import { containsPattern, countUpTo, listNewestFirst } from "@/lib/pagination";

/**
 * GET /v1/workspace/members/invitations: invitations not accepted and not revoked, newest first,
 * keyset pages. Expired ones stay listed (status `expired`) so they can be resent or revoked.
 */
export async function listMemberInvitations(
  db: DbOrTx,
  orgId: string,
  q: { limit: number; cursor?: string | undefined; search?: string | undefined },
  now: Date = new Date(),
): Promise<{ items: MemberInvitationDto[]; next_cursor: string | null }> {
  return listNewestFirst(
    db,
    orgInvitations,
    openInvitations(orgId, q.search),
    q,
    (r) => serializeMemberInvitation(r, now),
    getTableColumns(orgInvitations),
  );
}

/** Open invitations of the org, those whose address contains `search` (the console's search) when given. */
function openInvitations(orgId: string, search: string | undefined) {
  // org_invitations_org_created_idx: the org's invitations, newest first.
  return [
    eq(orgInvitations.orgId, orgId),
    isNull(orgInvitations.acceptedAt),
    isNull(orgInvitations.revokedAt),
    search ? ilike(orgInvitations.email, containsPattern(search)) : undefined,
  ];
}

/** How many open invitations match (capped, lib/pagination.ts): the console's "of 66". */
export function countMemberInvitations(db: DbOrTx, orgId: string, search?: string): Promise<number> {
  return countUpTo(db, orgInvitations, openInvitations(orgId, search));
}
