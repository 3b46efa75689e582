import { and, desc, eq } from "drizzle-orm";
import { recordings } from "@/db/schema";
import type { Db } from "@/lib/db";

/** The room page's recording panel: the recording being made now, if any, and the latest failure. */
export interface RoomRecordingStatus {
  current: {
    id: string;
    /** `recording`: asked for, the media server has not confirmed; `started`: media is being written. */
    state: "recording" | "started";
    started_at: string;
    /** The stop was asked for (or the room ended): the file is being processed. */
    stopping: boolean;
  } | null;
  lastFailure: { id: string; started_at: string; reason: string | null } | null;
}

/** A room's newest recordings (recordings_room_idx; a room has few), org in the WHERE. */
export async function roomRecordingStatus(
  db: Db,
  orgId: string,
  roomId: string,
): Promise<RoomRecordingStatus> {
  const rows = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.roomId, roomId), eq(recordings.orgId, orgId)))
    .orderBy(desc(recordings.startedAt), desc(recordings.id))
    .limit(20);
  const newest = rows[0];
  const inProgress = rows.find((r) => r.state === "recording" || r.state === "started");
  const failed = newest?.state === "failed" ? newest : undefined;
  return {
    current:
      inProgress && (inProgress.state === "recording" || inProgress.state === "started")
        ? {
            id: inProgress.id,
            state: inProgress.state,
            started_at: inProgress.startedAt.toISOString(),
            stopping: inProgress.stoppedAt !== null,
          }
        : null,
    lastFailure: failed
      ? { id: failed.id, started_at: failed.startedAt.toISOString(), reason: failed.failureReason }
      : null,
  };
}
