import { and, eq, isNull } from "drizzle-orm";
import { accountTokens } from "@/db/schema";
import type { Tx } from "@/lib/db";

/**
 * Ends every unused password-reset link of a user (docs/decisions/1054): when one of them is used,
 * and when the password changes. An older link read from an inbox later (or from anywhere else)
 * then sets nothing; only the newest proof of the mailbox counts, once.
 */
export async function endResetLinks(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    // account_tokens_user_unused_idx.
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.kind, "password_reset"),
        isNull(accountTokens.usedAt),
      ),
    );
}
