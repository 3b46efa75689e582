import { eq } from "drizzle-orm";
import { memberships, users } from "@/db/schema";
import { endResetLinks } from "@/lib/accounts/end-reset-links";
import { spendAccountToken } from "@/lib/accounts/spend-account-token";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import { hashPassword } from "@/lib/auth/password";
import { signInProven } from "@/lib/auth/sign-in-budget";
import { forgetDevices } from "@/lib/auth/two-factor/remembered-devices";
import type { Db } from "@/lib/db";
import { UNKNOWN_IP } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { endUserSessions } from "@/lib/sessions/end-sessions";

/**
 * POST /v1/auth/password-reset/confirm: spends the link, sets the new password and ends every
 * session of the user (docs/spec/product-decisions.md §11), in one transaction. Each of the user's orgs records it.
 */
export async function confirmPasswordReset(
  db: Db,
  input: { token: string; password: string },
  origin: AuditContext["origin"],
  now: Date = new Date(),
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const email = await db.transaction(async (tx) => {
    const spent = await spendAccountToken(tx, "password_reset", input.token, now);
    if (!spent.userId) throw new ApiError("link_expired", "This link can no longer be used.");
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    await endResetLinks(tx, spent.userId, now);
    const ended = await endUserSessions(tx, spent.userId);
    // A remembered browser skipped only the second factor; a reset starts afresh (docs/decisions/1261).
    await forgetDevices(tx, spent.userId);
    const orgIds = await tx
      .select({ orgId: memberships.orgId })
      .from(memberships)
      // memberships_user_idx.
      .where(eq(memberships.userId, spent.userId));
    for (const { orgId } of orgIds) {
      await recordAudit(
        tx,
        { orgId, actor: { type: "user", id: spent.userId, label: spent.email }, origin },
        {
          action: "auth.password_reset",
          target: { type: "user", id: spent.userId },
          metadata: { sessions: ended },
        },
      );
    }
    return spent.email;
  });
  // The owner of the address proved it: the account-wide limit is lifted (docs/decisions/1053).
  await signInProven(email, origin.ip ?? UNKNOWN_IP);
}
