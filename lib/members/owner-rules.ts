import { and, asc, eq } from "drizzle-orm";
import { memberships } from "@/db/schema";
import { OWNER_ROLE_MANAGERS, type Role } from "@/lib/auth/roles";
import type { Tx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

/** Only an Owner grants, changes or removes the Owner role: 403 for an Admin (docs/spec/product-decisions.md §11). */
export function assertMayTouchOwnerRole(actorRole: Role, touchesOwner: boolean): void {
  if (touchesOwner && !OWNER_ROLE_MANAGERS.includes(actorRole)) {
    throw new ApiError(
      "forbidden_workspace_role",
      `The ${actorRole} role cannot grant, change or remove the Owner role; only an Owner can.`,
    );
  }
}

/**
 * Locks the org's Owner memberships, always first and in user-id order, so concurrent changes
 * queue behind each other instead of deadlocking; returns the Owners' user ids. Two Owners
 * demoting each other at once cannot both pass: the second re-reads after the first commits.
 */
export async function lockOwners(tx: Tx, orgId: string): Promise<string[]> {
  const owners = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    // memberships_org_created_idx narrows to the org; the role filter keeps its few Owners.
    .where(and(eq(memberships.orgId, orgId), eq(memberships.role, "Owner")))
    .orderBy(asc(memberships.userId))
    .for("update");
  return owners.map((o) => o.userId);
}

/** The org keeps at least one Owner: 409 when the change would leave none. */
export function assertKeepsAnOwner(owners: readonly string[], leavingUserId: string): void {
  if (owners.every((id) => id === leavingUserId)) {
    throw new ApiError("last_owner", "This is the organisation's last Owner; make someone else Owner first.");
  }
}
