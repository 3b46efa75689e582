import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { webauthnChallenges } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

type Purpose = "registration" | "authentication";

/** A challenge is good for 5 minutes (the options' timeout), then refused. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Keeps a challenge the server generated, bound to its purpose and (registration) person. Expired
 * ones are purged here (an index on expires_at), so the table holds at most five minutes' worth.
 */
export async function keepChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
  now: Date,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
}

/**
 * Spends a challenge: true once for a challenge we issued for this purpose and person that has
 * not expired; the row goes in the same statement, so a replay (or a race of two) finds nothing.
 */
export async function spendChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const gone = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return gone.length === 1;
}
