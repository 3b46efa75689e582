import { sessionCookieHeader } from "@/lib/auth/session";
import type { DbOrTx } from "@/lib/db";
import { json } from "@/lib/http/response";
import { type Member, toIdentity } from "@/lib/identity/load-member";
import { startSession } from "@/lib/sessions/start-session";

/**
 * The answer of every way in (login, accepting an invitation, verifying a sign-up): a new session,
 * 200 with the Identity, and `svc_session` set (decisions §2).
 */
export async function signedInResponse(db: DbOrTx, member: Member): Promise<Response> {
  const { token } = await startSession(db, member);
  return json(200, toIdentity(member), { "set-cookie": sessionCookieHeader(token) });
}
