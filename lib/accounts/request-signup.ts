import { eq } from "drizzle-orm";
import { accountTokens, users } from "@/db/schema";
import { renderAlreadyRegistered, renderVerifyEmail } from "@/lib/accounts/account-emails";
import { runAfterResponse } from "@/lib/accounts/after-response";
import { linkUrl, newLinkToken } from "@/lib/accounts/link-token";
import { throttleAccountEmails } from "@/lib/accounts/throttle-account-emails";
import { normaliseEmail } from "@/lib/auth/login";
import { hashPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db";
import { enqueueAccountEmail } from "@/lib/email/enqueue-emails";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { transactionWithJobs } from "@/lib/jobs/transaction";

export const SIGNUP_TTL_MS = 24 * 3600 * 1000;

export interface SignupInput {
  email: string;
  password: string;
  display_name: string;
  org_name: string;
}

export function assertSignupOpen(): void {
  if (!env.signupOpen) throw new ApiError("not_found", "Sign-up is closed on this installation.");
}

/**
 * POST /v1/auth/signup. Always the same answer (202) in the same time: the work (hashing the
 * password, the email) runs after the response, and an address that already has an account gets
 * an email saying so instead of a verification link (no account enumeration).
 */
export async function requestSignup(db: Db, input: SignupInput, ip: string): Promise<void> {
  assertSignupOpen();
  await throttleAccountEmails(input.email, ip);
  const email = normaliseEmail(input.email);
  runAfterResponse("sign-up email", async () => {
    const now = new Date();
    const passwordHash = await hashPassword(input.password);
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    await transactionWithJobs(db, async (tx) => {
      if (existing) return enqueueAccountEmail(tx, null, { to: email, ...renderAlreadyRegistered() }, now);
      const { token, hash } = newLinkToken();
      const expiresAt = new Date(now.getTime() + SIGNUP_TTL_MS);
      await tx.insert(accountTokens).values({
        id: newId("accountToken"),
        kind: "signup",
        tokenHash: hash,
        email,
        data: { displayName: input.display_name, orgName: input.org_name, passwordHash },
        createdAt: now,
        expiresAt,
      });
      const link = { token, url: linkUrl("verify-email", token), expiresAt };
      const rendered = renderVerifyEmail(token, input.org_name);
      return enqueueAccountEmail(tx, null, { to: email, ...rendered, link }, now);
    });
  });
}
