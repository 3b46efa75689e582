import { and, eq, gt, isNull } from "drizzle-orm";
import { memberships, orgInvitations, orgs, users } from "@/db/schema";
import { hashLinkToken } from "@/lib/accounts/link-token";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import { normaliseEmail } from "@/lib/auth/login";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { signInSucceeded, spendSignInAttempt } from "@/lib/auth/sign-in-budget";
import { checkSecondFactor } from "@/lib/auth/two-factor/check-second-factor";
import type { Db, DbOrTx } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { purgeSealedLink } from "@/lib/email/purge-sealed-link";
import { UNKNOWN_IP } from "@/lib/http/client-ip";
import { ApiError, validationError } from "@/lib/http/errors";
import { loadMember, type Member } from "@/lib/identity/load-member";
import { newPasswordSchema } from "@/lib/identity/password-policy";
import { newId } from "@/lib/ids";

export interface InvitationView {
  email: string;
  role: string;
  orgName: string;
  inviterName: string | null;
  /** The address already has an account: the page asks for its password, not a new one. */
  accountExists: boolean;
  state: "open" | "used" | "expired";
}

/** Reads an invitation by its link's token: 404 for an unknown one (the accept page's header). */
export async function describeInvitation(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<InvitationView | null> {
  const [row] = await db
    .select({ inv: orgInvitations, orgName: orgs.name, inviterName: users.displayName })
    .from(orgInvitations)
    .innerJoin(orgs, eq(orgs.id, orgInvitations.orgId))
    .leftJoin(users, eq(users.id, orgInvitations.invitedBy))
    // org_invitations_token_key.
    .where(eq(orgInvitations.tokenHash, hashLinkToken(token)))
    .limit(1);
  if (!row) return null;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, row.inv.email))
    .limit(1);
  return {
    email: row.inv.email,
    role: row.inv.role,
    orgName: row.orgName,
    inviterName: row.inviterName,
    accountExists: Boolean(account),
    state: row.inv.acceptedAt || row.inv.revokedAt ? "used" : row.inv.expiresAt <= now ? "expired" : "open",
  };
}

const gone = () =>
  new ApiError(
    "invitation_expired",
    "This invitation was already used, revoked or has expired. Ask for a new one.",
  );

/**
 * POST /v1/auth/invitations/accept. A new address gets an account (display name and a password of
 * 10 to 256 characters); an existing account proves itself with its password (throttled like
 * sign-in) and gains the membership. The invitation is spent atomically, so a link works once
 * even under concurrent clicks. Returns the member to sign in.
 */
export async function acceptMemberInvitation(
  db: Db,
  input: {
    token: string;
    display_name?: string | undefined;
    password: string;
    otp?: string | undefined;
    recovery_code?: string | undefined;
  },
  origin: AuditContext["origin"],
  now: Date = new Date(),
): Promise<Member> {
  const [inv] = await db
    .select()
    .from(orgInvitations)
    .where(eq(orgInvitations.tokenHash, hashLinkToken(input.token)))
    .limit(1);
  if (!inv) throw new ApiError("not_found", "No such invitation.");
  if (inv.acceptedAt || inv.revokedAt || inv.expiresAt <= now) throw gone();

  const email = normaliseEmail(inv.email);
  const [existing] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  let newUser: { id: string; passwordHash: string; displayName: string } | null = null;
  if (existing) {
    // The sign-in budgets, spent before the KDF (docs/decisions/1053).
    await spendSignInAttempt(email, origin.ip ?? UNKNOWN_IP);
    if (!(await verifyPassword(input.password, existing.passwordHash))) {
      throw new ApiError("invalid_credentials", `${email} already has an account: enter its password.`);
    }
    // Accepting signs in: an account with two-factor on gives its second factor here too.
    await checkSecondFactor(db, existing.id, input, now);
  } else {
    const errors = [];
    if (!input.display_name) errors.push({ path: "display_name", message: "display_name is required" });
    const pw = newPasswordSchema.safeParse(input.password);
    if (!pw.success) errors.push({ path: "password", message: pw.error.issues[0]?.message ?? "invalid" });
    if (errors.length > 0) throw validationError(errors);
    newUser = {
      id: newId("user"),
      passwordHash: await hashPassword(input.password),
      displayName: input.display_name ?? email,
    };
  }
  const userId = existing?.id ?? newUser?.id ?? "";
  try {
    await db.transaction(async (tx) => {
      const spent = await tx
        .update(orgInvitations)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(orgInvitations.id, inv.id),
            isNull(orgInvitations.acceptedAt),
            isNull(orgInvitations.revokedAt),
            gt(orgInvitations.expiresAt, now),
          ),
        )
        .returning({ id: orgInvitations.id });
      if (spent.length === 0) throw gone();
      await purgeSealedLink(tx, inv.tokenHash);
      if (newUser)
        await tx.insert(users).values({
          id: newUser.id,
          email,
          displayName: newUser.displayName,
          passwordHash: newUser.passwordHash,
        });
      const added = await tx
        .insert(memberships)
        .values({ orgId: inv.orgId, userId, role: inv.role })
        .onConflictDoNothing()
        .returning({ userId: memberships.userId });
      if (added.length === 0)
        throw new ApiError("already_member", `${email} is already a member of this organisation.`);
      await recordAudit(
        tx,
        { orgId: inv.orgId, actor: { type: "user", id: userId, label: email }, origin },
        {
          action: "member.joined",
          target: { type: "user", id: userId },
          metadata: { role: inv.role, invitation: inv.id },
        },
      );
    });
  } catch (err) {
    // Someone created an account for this address between our read and our insert: retry as it.
    if (isUniqueViolation(err, "users_email_key"))
      throw new ApiError("conflict", "An account for this address was just created; try again.");
    throw err;
  }
  if (existing) await signInSucceeded(email, origin.ip ?? UNKNOWN_IP);
  const member = await loadMember(db, userId, inv.orgId);
  if (!member) throw new ApiError("conflict", "The membership changed meanwhile; sign in.");
  return member;
}
