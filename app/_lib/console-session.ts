import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { PATH_HEADER, signInPath } from "@/app/_lib/return-path";
import { decodeSessionToken, SESSION_COOKIE } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { loadSessionMember, type SessionMember } from "@/lib/identity/load-member";

/**
 * The signed-in member for a console page; sends anyone else to the sign-in page, which brings
 * them back to this page afterwards, and says why when a session was there but has ended (expired,
 * signed out elsewhere, membership removed). Wrapped in React's `cache()`, so the layout and the
 * page of one request share one session decode and one membership query.
 */
export const requireConsoleMember = cache(async (): Promise<SessionMember> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const claims = token ? await decodeSessionToken(token) : null;
  // The same one-query lookup as the API: an ended session (logout, removal) signs the tab out.
  const member = claims ? await loadSessionMember(await getDb(), claims) : null;
  if (!member) redirect(signInPath((await headers()).get(PATH_HEADER), token ? "expired" : undefined));
  // The org requires two-factor and this member has none: the account page, until they enrol
  // (docs/decisions/1263); the API refuses everything else meanwhile.
  if (member.mustEnrolTwoFactor && !(await headers()).get(PATH_HEADER)?.startsWith("/account")) {
    redirect("/account?enrol=two-factor");
  }
  return member;
});
