import { z } from "zod";
import { assertSignupOpen } from "@/lib/accounts/request-signup";
import { spendAccountToken } from "@/lib/accounts/spend-account-token";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { insertOwner } from "@/lib/identity/create-owner";
import { loadMember, type Member } from "@/lib/identity/load-member";

/** What a sign-up stored until its address is confirmed (the password only as its scrypt hash). */
const pendingSignup = z.object({ displayName: z.string(), orgName: z.string(), passwordHash: z.string() });

/**
 * POST /v1/auth/verify-email: spends the sign-up link and creates the user and their org (the user
 * its Owner; in cloud mode without a plan yet), in one transaction. Returns the member to sign in.
 */
export async function verifyEmail(
  db: Db,
  token: string,
  origin: AuditContext["origin"],
  now: Date = new Date(),
): Promise<Member> {
  assertSignupOpen();
  const created = await db.transaction(async (tx) => {
    const spent = await spendAccountToken(tx, "signup", token, now);
    const data = pendingSignup.safeParse(spent.data);
    if (!data.success) throw new ApiError("link_expired", "This link can no longer be used; sign up again.");
    const ids = await insertOwner(tx, { email: spent.email, ...data.data });
    await recordAudit(
      tx,
      { orgId: ids.orgId, actor: { type: "user", id: ids.userId, label: spent.email }, origin },
      { action: "auth.signed_up", target: { type: "user", id: ids.userId } },
    );
    return ids;
  });
  const member = await loadMember(db, created.userId, created.orgId);
  if (!member) throw new ApiError("conflict", "The new account changed meanwhile; sign in.");
  return member;
}
