import { ApiError } from "@/lib/http/errors";
import { type RateLimitDecision, rateLimitedError, rateLimitHeaders } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";

/**
 * Password guessing is slowed for the guesser, not the owner (docs/decisions/1053, OWASP's
 * Authentication Cheat Sheet, "Account Lockout"):
 *
 * - per (account, client address): 10 failures in 15 minutes, then 429. Spent before the KDF, so
 *   N parallel guesses never run more than the budget's checks (docs/decisions/0880). Guesses from
 *   other addresses never touch the owner's own budget.
 * - per account, all addresses together: 50 attempts in 15 minutes. Past it the account is not
 *   locked: an address that signed in to it within 14 days goes on (held to its own pair budget),
 *   and any other gets 429 `sign_in_proof_required` until the window passes or someone proves the
 *   mailbox with the emailed password-reset link, which clears the account's counter.
 *
 * The client address is lib/http/client-ip.ts's (trusted proxies only).
 */
const pairKey = (email: string, ip: string) => `${email}\n${ip}`;

function throttled(d: RateLimitDecision): ApiError {
  return rateLimitedError(d, "Too many sign-in attempts. Try again later.");
}

/** Spends one attempt of each budget before a password is checked; throws 429 when spent. */
export async function spendSignInAttempt(email: string, ip: string): Promise<void> {
  const pair = await limits.signInFailures.consume(pairKey(email, ip));
  if (!pair.allowed) throw throttled(pair);
  const account = await limits.signInAccountFailures.consume(email);
  if (account.allowed) return;
  const known = await limits.signInKnownAddresses.peek(pairKey(email, ip));
  if (!known.off && known.remaining === 0) return;
  throw new ApiError(
    "sign_in_proof_required",
    "This account had too many failed sign-ins from many addresses. Sign in from an address you used before, " +
      "wait, or reset the password with the emailed link (POST /v1/auth/password-reset): that proves the mailbox and lifts this limit.",
    { headers: rateLimitHeaders(account) },
  );
}

/** The password was right: the pair's failures are forgotten, the account's attempt given back, the address known. */
export async function signInSucceeded(email: string, ip: string): Promise<void> {
  await limits.signInFailures.clear(pairKey(email, ip));
  await limits.signInAccountFailures.reward(email);
  await limits.signInKnownAddresses.consume(pairKey(email, ip));
}

/** The mailbox was proven (a password-reset link used from `ip`): the account's limit is lifted. */
export async function signInProven(email: string, ip: string): Promise<void> {
  await limits.signInAccountFailures.clear(email);
  await limits.signInFailures.clear(pairKey(email, ip));
}
