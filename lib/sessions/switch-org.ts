import { eq } from "drizzle-orm";
import { sessions } from "@/db/schema";
import { issueSessionToken } from "@/lib/auth/session";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { loadMember, type Member, type SessionMember } from "@/lib/identity/load-member";

/**
 * The org switcher: the session moves to another org of the same user (the row is authoritative,
 * so a Bearer copy of the token follows too). Not a member there: 404, like any other org.
 */
export async function switchOrg(
  db: Db,
  member: SessionMember,
  orgId: string,
): Promise<{ member: Member; token: string }> {
  const target = await loadMember(db, member.userId, orgId);
  if (!target) throw new ApiError("not_found", "You are not a member of that organisation.");
  await db.update(sessions).set({ orgId }).where(eq(sessions.id, member.sessionId));
  const token = await issueSessionToken({ ...target, sessionId: member.sessionId });
  return { member: target, token };
}
