import { and, eq, notExists, sql } from "drizzle-orm";
import { recordings, rooms } from "@/db/schema";
import type { AuditContext } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log/logger";
import { closeMediaRoom } from "@/lib/media/close-room";
import { type MediaFollowup, removeViewerWhoPublished } from "@/lib/media/connections";
import { removeRevokedJoin } from "@/lib/media/moderation/remove-connections";
import { startRecording } from "@/lib/recordings/start-recording";

/** Followups run at once: each may wait on a media node; a burst is worked off in slices. */
const AT_ONCE = 8;

const systemAudit = (orgId: string): AuditContext => ({
  orgId,
  actor: { type: "system", id: "auto-record", label: "Automatic recording" },
  origin: { ip: null, userAgent: null, requestId: null },
});

/**
 * The policies that follow applied observations (docs/decisions/1204), after their commit, in
 * the intake's job: never inside a media server's request, never holding a room lock while a
 * media node is asked. Each is best effort and logged when it fails; reconcile is the safety net
 * (it starts missed auto recordings and closes ended rooms a node still has).
 */
export async function runMediaFollowups(db: Db, followups: readonly MediaFollowup[]): Promise<void> {
  const unique = new Map<string, MediaFollowup>();
  for (const f of followups) {
    const key =
      f.kind === "viewer_published" || f.kind === "revoked_join"
        ? `${f.kind}:${f.roomId}:${f.participantRef}`
        : `${f.kind}:${f.roomId}`;
    unique.set(key, f);
  }
  const all = [...unique.values()];
  for (let i = 0; i < all.length; i += AT_ONCE) {
    await Promise.all(all.slice(i, i + AT_ONCE).map((f) => runOne(db, f)));
  }
}

async function runOne(db: Db, f: MediaFollowup): Promise<void> {
  try {
    switch (f.kind) {
      case "auto_record":
        await autoRecord(db, f.roomId);
        return;
      case "close_ended_room":
        await closeMediaRoom(db, f.roomId);
        return;
      case "viewer_published":
        await removeViewerWhoPublished(db, f.roomId, f.participantRef);
        return;
      case "revoked_join":
        await removeRevokedJoin(db, f.roomId, f.participantRef);
        return;
    }
  } catch (err) {
    log.warn("a media followup failed; reconcile repairs it", {
      followup: f.kind,
      room_id: f.roomId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

/**
 * `record: "auto"` for this one room (docs/decisions/1080): active, placed, and never recorded.
 * A concurrent start's 409 is expected.
 */
async function autoRecord(db: Db, roomId: string): Promise<void> {
  const [room] = await db
    .select({ id: rooms.id, orgId: rooms.orgId })
    .from(rooms)
    .where(
      and(
        eq(rooms.id, roomId),
        sql`${rooms.record} = 'auto' AND ${rooms.state} = 'active' AND ${rooms.mediaNode} IS NOT NULL`,
        notExists(db.select({ one: sql`1` }).from(recordings).where(eq(recordings.roomId, rooms.id))),
      ),
    );
  if (!room) return;
  try {
    await startRecording(db, systemAudit(room.orgId), room.id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return;
    throw err;
  }
}
