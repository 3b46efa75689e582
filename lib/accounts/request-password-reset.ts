import { eq } from "drizzle-orm";
import { accountTokens, users } from "@/db/schema";
import { renderPasswordReset } from "@/lib/accounts/account-emails";
import { runAfterResponse } from "@/lib/accounts/after-response";
import { endResetLinks } from "@/lib/accounts/end-reset-links";
import { linkUrl, newLinkToken } from "@/lib/accounts/link-token";
import { throttleAccountEmails } from "@/lib/accounts/throttle-account-emails";
import { normaliseEmail } from "@/lib/auth/login";
import type { Db } from "@/lib/db";
import { enqueueAccountEmail } from "@/lib/email/enqueue-emails";
import { newId } from "@/lib/ids";
import { transactionWithJobs } from "@/lib/jobs/transaction";

export const RESET_TTL_MS = 30 * 60 * 1000;

/**
 * POST /v1/auth/password-reset: always 202, in the same time whether or not the address has an
 * account (the lookup and the email run after the response). An unknown address gets nothing.
 */
export async function requestPasswordReset(db: Db, rawEmail: string, ip: string): Promise<void> {
  await throttleAccountEmails(rawEmail, ip);
  const email = normaliseEmail(rawEmail);
  runAfterResponse("password-reset email", async () => {
    const now = new Date();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) return;
    const { token, hash } = newLinkToken();
    const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
    await transactionWithJobs(db, async (tx) => {
      // Only the newest link works: asking again ends the older ones at once (docs/decisions/1265).
      await endResetLinks(tx, user.id, now);
      await tx.insert(accountTokens).values({
        id: newId("accountToken"),
        kind: "password_reset",
        tokenHash: hash,
        email,
        userId: user.id,
        createdAt: now,
        expiresAt,
      });
      const link = { token, url: linkUrl("reset-password", token), expiresAt };
      return enqueueAccountEmail(tx, null, { to: email, ...renderPasswordReset(token), link }, now);
    });
  });
}
