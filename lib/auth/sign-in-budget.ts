import { signInKeys } from "@/lib/auth/sign-in-keys";
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
function throttled(d: RateLimitDecision): ApiError {
  return rateLimitedError(d, "Too many sign-in attempts. Try again later.");
}

function proofRequired(account: RateLimitDecision): ApiError {
  return new ApiError(
    "sign_in_proof_required",
    "This account had too many failed sign-ins from many addresses. Sign in from an address you used before, " +
      "wait, or reset the password with the emailed link (POST /v1/auth/password-reset): that proves the mailbox and lifts this limit.",
    { headers: rateLimitHeaders(account) },
  );
}

/** An address the account signed in from within 14 days (the owner's own). */
async function knownAddress(email: string, ip: string): Promise<boolean> {
  const known = await limits.signInKnownAddresses.peek(signInKeys.known(email, ip));
  return !known.off && known.remaining === 0;
}

/**
 * Spends one attempt of each budget before a password is checked; throws 429 when spent. An
 * account past its budget refuses an unknown address before anything is written for it, so a
 * spray of addresses at one account adds no rows (docs/decisions/1266).
 */
export async function spendSignInAttempt(email: string, ip: string): Promise<void> {
  const accountKey = signInKeys.account(email);
  const ahead = await limits.signInAccountFailures.peek(accountKey);
  if (!ahead.allowed && !(await knownAddress(email, ip))) throw proofRequired(ahead);
  const pair = await limits.signInFailures.consume(signInKeys.pair(email, ip));
  if (!pair.allowed) throw throttled(pair);
  const account = await limits.signInAccountFailures.consume(accountKey);
  if (account.allowed) return;
  if (await knownAddress(email, ip)) return;
  throw proofRequired(account);
}

/** The password was right: the pair's failures are forgotten, the account's attempt given back, the address known. */
export async function signInSucceeded(email: string, ip: string): Promise<void> {
  await limits.signInFailures.clear(signInKeys.pair(email, ip));
  await limits.signInAccountFailures.reward(signInKeys.account(email));
  await limits.signInKnownAddresses.consume(signInKeys.known(email, ip));
}

/** The mailbox was proven (a password-reset link used from `ip`): the account's limit is lifted. */
export async function signInProven(email: string, ip: string): Promise<void> {
  await limits.signInAccountFailures.clear(signInKeys.account(email));
  await limits.signInFailures.clear(signInKeys.pair(email, ip));
}
