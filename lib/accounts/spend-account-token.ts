import { and, eq, gt, isNull } from "drizzle-orm";
import type { ACCOUNT_TOKEN_KINDS } from "@/db/enums";
import { accountTokens } from "@/db/schema";
import { hashLinkToken } from "@/lib/accounts/link-token";
import type { Tx } from "@/lib/db";
import { purgeSealedLink } from "@/lib/email/purge-sealed-link";
import { ApiError } from "@/lib/http/errors";

export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

/**
 * Spends a single-use link inside the caller's transaction: one atomic UPDATE, so two clicks at
 * once cannot both pass, and the sealed copy of its email goes. Unknown: 404 not_found; used or
 * expired: 410 link_expired.
 */
export async function spendAccountToken(tx: Tx, kind: AccountTokenKind, token: string, now: Date) {
  const hash = hashLinkToken(token);
  const [spent] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    // account_tokens_token_key.
    .where(
      and(
        eq(accountTokens.tokenHash, hash),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  if (spent) {
    await purgeSealedLink(tx, hash);
    return spent;
  }
  const [known] = await tx
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.kind, kind)))
    .limit(1);
  if (!known) throw new ApiError("not_found", "This link is not valid.");
  throw new ApiError("link_expired", "This link was already used or has expired. Ask for a new one.");
}
