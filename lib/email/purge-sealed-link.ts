import { and, eq, isNotNull } from "drizzle-orm";
import { emails } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/**
 * A link that has been used opens nothing any more: the sealed body that carried it is purged in
 * the same transaction that spent it (docs/decisions/1011). `tokenHash` is the token's SHA-256,
 * as the token tables keep it.
 */
export async function purgeSealedLink(db: DbOrTx, tokenHash: string): Promise<void> {
  await db
    .update(emails)
    .set({ sealedBody: null, sealedUntil: null, sealedLinkHash: null })
    // emails_sealed_link_idx (partial: sealed_body IS NOT NULL)
    .where(and(eq(emails.sealedLinkHash, tokenHash), isNotNull(emails.sealedBody)));
}
