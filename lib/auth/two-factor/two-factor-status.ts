import { and, eq } from "drizzle-orm";
import { memberships, orgs } from "@/db/schema";
import { unusedRecoveryCodes } from "@/lib/auth/two-factor/recovery-codes";
import { totpEnabled } from "@/lib/auth/two-factor/totp-state";
import type { DbOrTx } from "@/lib/db";

/** What the account page shows: on or off, recovery codes left, and whether an org requires it. */
export async function twoFactorStatus(
  db: DbOrTx,
  userId: string,
): Promise<{ enabled: boolean; recoveryLeft: number; required: boolean }> {
  const [enabled, recoveryLeft, requiring] = await Promise.all([
    totpEnabled(db, userId),
    unusedRecoveryCodes(db, userId),
    db
      .select({ id: orgs.id })
      .from(memberships)
      .innerJoin(orgs, eq(orgs.id, memberships.orgId))
      .where(and(eq(memberships.userId, userId), eq(orgs.requireTwoFactor, true)))
      .limit(1),
  ]);
  return { enabled, recoveryLeft, required: requiring.length > 0 };
}
