import { sessionCookieHeader } from "@/lib/auth/session";
import type { DbOrTx } from "@/lib/db";
import type { Identity } from "@/lib/identity/identity-schema";
import { type Member, toIdentity } from "@/lib/identity/load-member";
import { type SessionOrigin, startSession } from "@/lib/sessions/start-session";

/**
 * The answer of every way in (login, accepting an invitation, verifying a sign-up): a new session,
 * 200 with the Identity, and `svc_session` set (docs/spec/product-decisions.md §2).
 */
export async function signedInReply(
  db: DbOrTx,
  member: Member,
  origin?: SessionOrigin,
  /** More cookies to set with the session's (a remembered device's). */
  cookies: string[] = [],
): Promise<{ status: 200; body: Identity; headers: { "set-cookie": string[] } }> {
  const { token } = await startSession(db, member, new Date(), origin);
  return {
    status: 200,
    body: toIdentity(member),
    headers: { "set-cookie": [sessionCookieHeader(token), ...cookies] },
  };
}
