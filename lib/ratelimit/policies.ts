import { RateLimit } from "@/lib/ratelimit/limiter";

/**
 * Every rate limit of the API in one place (docs/decisions/0601). Windows are fixed and start at
 * a key's first hit; 429 answers carry `Retry-After`, and every limited answer `RateLimit` headers.
 */
export const limits = {
  /**
   * Failed sign-ins per (account, client address), spent before the password; a success clears
   * them (docs/decisions/1053). The guesser's budget, never the owner's at another address.
   */
  signInFailures: new RateLimit({ name: "sign-in-failures", points: 10, durationSec: 15 * 60 }),
  /**
   * Sign-in attempts per account from every address together: past it, only an address that
   * signed in to the account before goes on; others need the emailed reset link (1053).
   */
  signInAccountFailures: new RateLimit({ name: "sign-in-account", points: 50, durationSec: 15 * 60 }),
  /**
   * Addresses an account signed in from (one point each, kept 14 days): the owner's own. (The
   * memory store's expiry is a timer: no window may pass 2^31 ms, about 24.8 days.)
   */
  signInKnownAddresses: new RateLimit({
    name: "sign-in-known",
    points: 1,
    durationSec: 14 * 24 * 60 * 60,
    record: true,
  }),
  /**
   * Wrong two-factor codes per user on the signed-in endpoints (confirm, turn off): a stolen
   * session cannot guess its way past the second factor (docs/decisions/1260).
   */
  twoFactorCodes: new RateLimit({ name: "two-factor-codes", points: 10, durationSec: 15 * 60 }),
  /** Sign-in attempts per client IP. */
  signInPerIp: new RateLimit({ name: "sign-in-ip", points: 100, durationSec: 15 * 60 }),
  /** Any request of one signed-in member (user in an org), on every workspace endpoint. */
  session: new RateLimit({ name: "session", points: 600, durationSec: 60, leased: true }),
  /** Room tokens minted per project API key. */
  roomTokens: new RateLimit({ name: "room-tokens", points: 600, durationSec: 60, leased: true }),
  /** Invitation requests per org (each may queue up to 50 emails; the hourly email cap still applies). */
  invitations: new RateLimit({ name: "invitations", points: 100, durationSec: 60 * 60 }),
  /** Sign-up and password-reset requests per client IP (each sends an email). */
  accountEmailsPerIp: new RateLimit({ name: "account-emails-ip", points: 20, durationSec: 60 * 60 }),
  /** Sign-up and password-reset requests per address: no inbox is flooded through us. */
  accountEmailsPerAddress: new RateLimit({ name: "account-emails-address", points: 5, durationSec: 60 * 60 }),
  /** Emailed links used (verify-email, reset confirm, invitation accept) per client IP. */
  accountLinksPerIp: new RateLimit({ name: "account-links-ip", points: 60, durationSec: 60 * 60 }),
  /** Org invitations created or resent per org. */
  memberInvitations: new RateLimit({ name: "member-invitations", points: 100, durationSec: 60 * 60 }),
  /** Guest tokens through share links per client IP (docs/decisions/1030). */
  guestTokensPerIp: new RateLimit({ name: "guest-tokens-ip", points: 20, durationSec: 60 }),
  /** Guest tokens through one room's share link, from any address (docs/decisions/1030). */
  guestTokensPerRoom: new RateLimit({
    name: "guest-tokens-room",
    points: 120,
    durationSec: 60,
    shared: true,
  }),
  /** A waiting guest's page asking whether it was let in, per client IP (docs/decisions/1350). */
  knockPollsPerIp: new RateLimit({ name: "knock-polls-ip", points: 600, durationSec: 60 }),
} as const;

/** Forgets every counter (tests). */
export async function clearAllRateLimits(): Promise<void> {
  for (const limit of Object.values(limits)) await limit.clearAll();
}
