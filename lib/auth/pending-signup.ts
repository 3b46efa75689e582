import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { accountTokens } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/**
 * The password hash of an address's newest sign-up still waiting for its confirmation link
 * (docs/decisions/1351), or undefined. Sign-in checks the password against it when the address
 * has no account yet, so the person who signed up hears "confirm your email" while anyone without
 * the password hears what an unknown address gets (account_tokens_email_kind_unused_idx).
 */
export async function pendingSignupHash(db: DbOrTx, email: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ data: accountTokens.data })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.email, email),
        eq(accountTokens.kind, "signup"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  const hash = (row?.data as { passwordHash?: unknown } | undefined)?.passwordHash;
  return typeof hash === "string" ? hash : undefined;
}
