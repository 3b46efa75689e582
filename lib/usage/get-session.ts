import { and, asc, eq } from "drizzle-orm";
import { participantSpans, roomParticipantNames, roomSessions } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { participantCount, serializeSessionSummary } from "@/lib/usage/list-sessions";
import { qualitySummary, sessionQuality } from "@/lib/usage/session-quality";
import {
  SESSION_PARTICIPANTS_MAX,
  type SessionDto,
  type SessionParticipantDto,
} from "@/lib/usage/session-schema";

/**
 * GET sessions/:id: the session, its participants (each identity once, with its spans) in order
 * of first join, and the quality summary. Another org's session is 404.
 */
export async function getSession(
  db: DbOrTx,
  orgId: string,
  sessionId: string,
  /** A workspace key scoped to one project sees that project's sessions only (docs/decisions/1290). */
  projectId?: string,
  now = new Date(),
): Promise<SessionDto> {
  const [row] = await db
    .select({ session: roomSessions, participantCount })
    .from(roomSessions)
    .where(
      and(
        eq(roomSessions.id, sessionId),
        eq(roomSessions.orgId, orgId),
        projectId ? eq(roomSessions.projectId, projectId) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw new ApiError("not_found", "No such session in this organisation.");
  const s = row.session;
  // participant_spans_session_idx; the first SESSION_PARTICIPANTS_MAX identities by first join.
  const spans = await db
    .select({
      identity: participantSpans.identity,
      viewer: participantSpans.viewer,
      joinedAt: participantSpans.joinedAt,
      leftAt: participantSpans.leftAt,
      tokenAt: participantSpans.tokenAt,
      displayName: roomParticipantNames.displayName,
    })
    .from(participantSpans)
    .leftJoin(
      roomParticipantNames,
      and(
        eq(roomParticipantNames.roomId, participantSpans.roomId),
        eq(roomParticipantNames.identity, participantSpans.identity),
      ),
    )
    .where(eq(participantSpans.sessionId, s.id))
    .orderBy(asc(participantSpans.joinedAt), asc(participantSpans.id));
  // Kept on the row once the session ended, before retention may prune its samples (docs/decisions/1370).
  const quality =
    s.quality && s.endedAt ? s.quality : await sessionQuality(db, s.roomId, s.startedAt, s.endedAt ?? now);
  const people = new Map<string, SessionParticipantDto>();
  for (const sp of spans) {
    let p = people.get(sp.identity);
    if (!p) {
      if (people.size >= SESSION_PARTICIPANTS_MAX) continue;
      p = {
        identity: sp.identity,
        display_name: sp.displayName,
        role: sp.viewer === null ? null : sp.viewer ? "viewer" : "publisher",
        joined_at: sp.joinedAt.toISOString(),
        left_at: null,
        duration_ms: 0,
        token_to_join_ms: sp.tokenAt ? Math.max(0, sp.joinedAt.getTime() - sp.tokenAt.getTime()) : null,
        spans: [],
        quality: quality.identities[sp.identity] ?? qualitySummary(undefined),
      };
      people.set(sp.identity, p);
    }
    p.spans.push({ joined_at: sp.joinedAt.toISOString(), left_at: sp.leftAt?.toISOString() ?? null });
    p.duration_ms += Math.max(0, (sp.leftAt ?? now).getTime() - sp.joinedAt.getTime());
    if (sp.viewer !== null) p.role = sp.viewer ? "viewer" : "publisher";
  }
  for (const p of people.values()) {
    const open = p.spans.some((x) => x.left_at === null);
    p.left_at = open
      ? null
      : (p.spans
          .map((x) => x.left_at ?? "")
          .sort()
          .at(-1) ?? null);
  }
  return {
    ...serializeSessionSummary({ ...s, participantCount: row.participantCount }, now),
    quality: quality.session,
    participants: [...people.values()],
  };
}
