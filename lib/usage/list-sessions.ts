import { and, eq, sql } from "drizzle-orm";
import { roomSessions, rooms } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { afterCursor, newestFirst, toPage } from "@/lib/pagination";
import { roomNotFound } from "@/lib/rooms/get-room";
import type { SessionListQuery, SessionSummaryDto } from "@/lib/usage/session-schema";

export type SessionRow = typeof roomSessions.$inferSelect & { participantCount: number };

/** A session's wire summary; a running session's duration counts until `now`. */
export function serializeSessionSummary(r: SessionRow, now: Date): SessionSummaryDto {
  return {
    id: r.id,
    room_id: r.roomId,
    project_id: r.projectId,
    started_at: r.startedAt.toISOString(),
    ended_at: r.endedAt?.toISOString() ?? null,
    duration_ms: Math.max(0, (r.endedAt ?? now).getTime() - r.startedAt.getTime()),
    peak_participants: r.peak,
    participant_count: r.participantCount,
  };
}

/** Distinct identities of a session (participant_spans_session_idx). */
// Qualified by hand: drizzle prints a lone table's columns unqualified, which the subquery would rebind.
export const participantCount = sql<number>`(SELECT count(DISTINCT s.identity)::int FROM participant_spans s WHERE s.session_id = room_sessions.id)`;

/**
 * GET rooms/:id/sessions: the room's sessions, newest first, keyset-paginated like every list
 * (lib/pagination.ts). Another org's room is 404.
 */
export async function listSessions(
  db: DbOrTx,
  orgId: string,
  roomId: string,
  q: SessionListQuery,
  now = new Date(),
): Promise<{ items: SessionSummaryDto[]; next_cursor: string | null }> {
  const [room] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.orgId, orgId)))
    .limit(1);
  if (!room) throw roomNotFound();
  // room_sessions_room_started_idx (room_id, started_at desc, id desc).
  const rows = await db
    .select({ session: roomSessions, participantCount })
    .from(roomSessions)
    .where(
      and(eq(roomSessions.roomId, roomId), afterCursor(roomSessions.startedAt, roomSessions.id, q.cursor)),
    )
    .orderBy(...newestFirst(roomSessions.startedAt, roomSessions.id))
    .limit(q.limit + 1);
  return toPage(
    rows.map((r) => ({ ...r.session, participantCount: r.participantCount, createdAt: r.session.startedAt })),
    q.limit,
    (r) => serializeSessionSummary(r, now),
  );
}
