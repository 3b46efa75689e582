import { and, desc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { orgs, sessions } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { describeDevice } from "@/lib/sessions/describe-device";
import { prefixedId } from "@/lib/wire";

export const sessionSchema = z
  .object({
    id: prefixedId("ses_"),
    /** "Chrome on macOS", from the user agent the session began with. */
    device: z.string(),
    user_agent: z.string().nullable(),
    /** The client address it began from (lib/http/client-ip.ts). */
    ip: z.string().nullable(),
    org: z.object({ id: prefixedId("org_"), name: z.string() }),
    created_at: z.string(),
    /** The last request, to within 5 minutes. */
    last_seen_at: z.string().nullable(),
    expires_at: z.string(),
    /** The session this request came with. */
    current: z.boolean(),
  })
  .meta({ id: "Session" });
export type SessionDto = z.output<typeof sessionSchema>;

/** A person has a few sessions; more than this is a script, and the newest are the ones to see. */
export const SESSIONS_LISTED = 200;

/** The user's live sessions in every org, most recently used first (sessions_user_idx). */
export async function listSessions(
  db: DbOrTx,
  userId: string,
  currentSessionId: string,
  now: Date = new Date(),
): Promise<SessionDto[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      orgId: sessions.orgId,
      orgName: orgs.name,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(orgs, eq(orgs.id, sessions.orgId))
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(SESSIONS_LISTED);
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    user_agent: r.userAgent,
    ip: r.ip,
    org: { id: r.orgId, name: r.orgName },
    created_at: r.createdAt.toISOString(),
    last_seen_at: r.lastSeenAt?.toISOString() ?? null,
    expires_at: r.expiresAt.toISOString(),
    current: r.id === currentSessionId,
  }));
}
