import { and, eq } from "drizzle-orm";
import { recordings, rooms } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log/logger";
import { mediaPlane } from "@/lib/media/media-plane";
import { noteNodeHealth } from "@/lib/media/place-room";
import { MediaNodeUnavailable } from "@/lib/media/plane";
import { recordingNotFound } from "@/lib/recordings/find-recording";
import type { RecordingDto } from "@/lib/recordings/recording-schema";
import { serializeRecording } from "@/lib/recordings/serialize-recording";
import { findRoom } from "@/lib/rooms/find-room";

/**
 * POST /v1/workspace/rooms/:id/recordings/:recordingId/stop (docs/decisions/1080): marks the stop
 * and asks the plane to stop; the plane then finishes the file and reports `recording.completed`
 * (or `failed`). A recording of another org or another room is 404; one already stopped, or
 * finished, is 409. A plane that does not answer undoes the mark (503): the recording goes on
 * until a stop reaches it or the room ends.
 */
export async function stopRecording(
  db: Db,
  audit: AuditContext,
  roomRef: string,
  recordingId: string,
): Promise<RecordingDto> {
  const stoppedAt = new Date();
  const { row, node } = await db.transaction(async (tx) => {
    const room = await findRoom(tx, roomRef, { orgId: audit.orgId });
    if (!room) throw recordingNotFound();
    const [row] = await tx
      .select()
      .from(recordings)
      .where(
        and(
          eq(recordings.id, recordingId),
          eq(recordings.orgId, audit.orgId),
          eq(recordings.roomId, room.id),
        ),
      )
      .for("update");
    if (!row) throw recordingNotFound();
    if (row.stoppedAt || (row.state !== "recording" && row.state !== "started")) {
      throw new ApiError("conflict", `The recording has already stopped (it is ${row.state}).`);
    }
    const [stopped] = await tx
      .update(recordings)
      .set({ stoppedAt })
      .where(eq(recordings.id, row.id))
      .returning();
    if (!stopped) throw recordingNotFound();
    await recordAudit(tx, audit, {
      action: "recording.stop_requested",
      target: { type: "recording", id: row.id },
      metadata: { room_id: room.id, project_id: room.projectId },
    });
    const [r] = await tx.select({ node: rooms.mediaNode }).from(rooms).where(eq(rooms.id, room.id));
    return { row: stopped, node: r?.node ?? null };
  });

  const plane = mediaPlane();
  if (!plane || !node || !plane.nodes.includes(node)) return serializeRecording(row);
  try {
    await plane.stopRecording(node, { recordingId: row.id, roomId: row.roomId, ref: row.mediaRef });
  } catch (err) {
    if (err instanceof MediaNodeUnavailable) noteNodeHealth(node, false);
    log.warn("the media plane did not stop a recording", {
      recording_id: row.id,
      node,
      error: err instanceof Error ? err.message : String(err),
    });
    await db
      .update(recordings)
      .set({ stoppedAt: null })
      .where(and(eq(recordings.id, row.id), eq(recordings.stoppedAt, stoppedAt)));
    throw new ApiError(
      "service_unavailable",
      "The room's media node did not stop the recording; try again.",
      {
        headers: { "retry-after": "5" },
      },
    );
  }
  return serializeRecording(row);
}
