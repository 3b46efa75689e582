import { and, eq, inArray, isNotNull, lt, notExists, sql } from "drizzle-orm";
import { recordings, rooms } from "@/db/schema";
import type { AuditContext } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { applyMediaReport } from "@/lib/media/ingest-media-report";
import { IN_PROGRESS, startRecording } from "@/lib/recordings/start-recording";

/** Rooms started per call: a burst of first joins is worked off over a few calls, not at once. */
const BATCH = 20;

const systemAudit = (orgId: string): AuditContext => ({
  orgId,
  actor: { type: "system", id: "auto-record", label: "Automatic recording" },
  origin: { ip: null, userAgent: null, requestId: null },
});

/**
 * `record: "auto"` (docs/decisions/1080): an active room that records from its first join and has
 * no recording yet gets one. Called after media events are applied (the first join just made a
 * room active) and by every reconcile pass (a safety net for a start that failed or was missed).
 * A room that was recorded once, and stopped, is not started again. Concurrent callers are
 * serialised by startRecording's room lock: the loser's 409 is expected and ignored.
 */
export async function startAutoRecordings(db: Db): Promise<number> {
  // rooms_auto_record_active_idx, then recordings_room_idx per room.
  const due = await db
    .select({ id: rooms.id, orgId: rooms.orgId })
    .from(rooms)
    .where(
      and(
        sql`${rooms.record} = 'auto' AND ${rooms.state} = 'active'`,
        isNotNull(rooms.mediaNode),
        notExists(db.select({ one: sql`1` }).from(recordings).where(eq(recordings.roomId, rooms.id))),
      ),
    )
    .limit(BATCH);
  let started = 0;
  for (const room of due) {
    try {
      await startRecording(db, systemAudit(room.orgId), room.id);
      started++;
    } catch (err) {
      // 402 quota_exceeded: the plan's recording minutes are used up (docs/decisions/1312).
      if (err instanceof ApiError && (err.status === 409 || err.code === "quota_exceeded")) continue;
      log.warn("automatic recording did not start", {
        room_id: room.id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return started;
}

/** How long after its stop a recording may wait for its file before it is given up. */
export const FINISH_DEADLINE_MS = 3600_000;

/**
 * Recordings stopped more than FINISH_DEADLINE_MS ago that no file ever completed (no agent beside
 * the node, nothing was published, an agent that keeps failing to upload) end `failed`, through the
 * same report path as an agent's failure, so `recording.failed` is emitted once.
 */
export async function failStaleRecordings(db: Db, now = new Date()): Promise<number> {
  // recordings_stopped_in_progress_idx
  const stale = await db
    .select({ id: recordings.id, roomId: recordings.roomId })
    .from(recordings)
    .where(
      and(
        inArray(recordings.state, [...IN_PROGRESS]),
        isNotNull(recordings.stoppedAt),
        lt(recordings.stoppedAt, new Date(now.getTime() - FINISH_DEADLINE_MS)),
      ),
    )
    .limit(BATCH);
  for (const r of stale) {
    await transactionWithJobs(db, (tx) =>
      applyMediaReport(
        tx,
        {
          id: `deadline:${r.id}`,
          type: "recording.failed",
          room_id: r.roomId,
          recording: { id: r.id, reason: "no file arrived within an hour of the recording's stop" },
        },
        now,
      ),
    );
  }
  return stale.length;
}
