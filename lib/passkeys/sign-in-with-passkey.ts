import { asc, eq } from "drizzle-orm";
import { memberships } from "@/db/schema";
import { signInKeys } from "@/lib/auth/sign-in-keys";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { loadMember, type Member } from "@/lib/identity/load-member";
import type { AuthenticationResponse } from "@/lib/passkeys/passkey-schemas";
import { verifyPasskey } from "@/lib/passkeys/verify-passkey";
import { rateLimitedError } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { assertSignInWithoutSsoAllowed } from "@/lib/sso/require-sso";

/**
 * A password-less sign-in (docs/decisions/1341): the passkey names the person; the session opens
 * in their first org, as a password sign-in's does. Counted against the per-IP sign-in budget; a
 * person whose org requires SSO is sent there (their Owners excepted, docs/decisions/1344).
 */
export async function signInWithPasskey(
  db: Db,
  response: AuthenticationResponse,
  ip: string,
  now: Date = new Date(),
): Promise<Member> {
  const byIp = await limits.signInPerIp.consume(signInKeys.ip(ip));
  if (!byIp.allowed) throw rateLimitedError(byIp, "Too many sign-in attempts. Try again later.");
  const { userId } = await verifyPasskey(db, response, null, now);
  const [first] = await db
    .select({ orgId: memberships.orgId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  const member = first ? await loadMember(db, userId, first.orgId) : null;
  if (!member) throw new ApiError("invalid_passkey", "This passkey's account belongs to no organisation.");
  await assertSignInWithoutSsoAllowed(db, member.email, userId);
  return member;
}
