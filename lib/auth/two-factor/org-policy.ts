import { and, count, eq, isNull } from "drizzle-orm";
import { memberships, orgs, userTotp } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import { totpEnabled } from "@/lib/auth/two-factor/totp-state";
import type { Db, DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

export interface TwoFactorPolicy {
  require_two_factor: boolean;
  /** Members who have not turned two-factor on (led to enrol at their next request when required). */
  members_without_two_factor: number;
}

export async function readTwoFactorPolicy(db: DbOrTx, orgId: string): Promise<TwoFactorPolicy> {
  const [org] = await db.select({ required: orgs.requireTwoFactor }).from(orgs).where(eq(orgs.id, orgId));
  const [without] = await db
    .select({ n: count() })
    .from(memberships)
    .leftJoin(userTotp, eq(userTotp.userId, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), isNull(userTotp.confirmedAt)));
  return { require_two_factor: org?.required ?? false, members_without_two_factor: without?.n ?? 0 };
}

/**
 * An Owner requires (or stops requiring) two-factor for every member (docs/decisions/1263). From the
 * next request, a member without it can only enrol; sessions are not ended. The Owner turning it on
 * must have two-factor first, so the policy never locks out the person who set it.
 */
export async function setTwoFactorPolicy(
  db: Db,
  ctx: AuditContext,
  who: { userId: string; orgId: string },
  required: boolean,
): Promise<TwoFactorPolicy> {
  if (required && !(await totpEnabled(db, who.userId))) {
    throw new ApiError(
      "conflict",
      "Turn on two-factor for your own account first (POST /v1/workspace/me/totp), then require it for everyone.",
    );
  }
  const before = await readTwoFactorPolicy(db, who.orgId);
  if (before.require_two_factor === required) return before;
  await audited(
    db,
    ctx,
    (tx) => tx.update(orgs).set({ requireTwoFactor: required }).where(eq(orgs.id, who.orgId)),
    () => ({
      action: "org.two_factor_policy_changed",
      target: { type: "org", id: who.orgId },
      metadata: {
        require_two_factor: required,
        members_without_two_factor: before.members_without_two_factor,
      },
    }),
  );
  return { ...before, require_two_factor: required };
}
