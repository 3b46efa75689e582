import { and, eq, isNull } from "drizzle-orm";
import { orgInvitations } from "@/db/schema";
import type { Tx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

/**
 * An invitation of the caller's org that is still open (not accepted, not revoked), locked for a
 * change. Another org's, an unknown id, or one already accepted or revoked: 404.
 */
export async function lockOpenInvitation(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select()
    .from(orgInvitations)
    // Primary key, scoped to the org.
    .where(
      and(
        eq(orgInvitations.id, id),
        eq(orgInvitations.orgId, orgId),
        isNull(orgInvitations.acceptedAt),
        isNull(orgInvitations.revokedAt),
      ),
    )
    .for("update");
  if (!row) throw new ApiError("not_found", "No such open invitation in this organisation.");
  return row;
}
