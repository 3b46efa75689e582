import { and, eq, inArray, isNull } from "drizzle-orm";
import { recordings, rooms } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import { getOrgPlan } from "@/lib/billing/get-plan";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log/logger";
import { mediaPlane } from "@/lib/media/media-plane";
import { noteNodeHealth } from "@/lib/media/place-room";
import { MediaNodeUnavailable, MediaRecordingUnavailable } from "@/lib/media/plane";
import { recordingPrefix } from "@/lib/recordings/recording-object";
import type { RecordingDto } from "@/lib/recordings/recording-schema";
import { serializeRecording } from "@/lib/recordings/serialize-recording";
import { findRoom } from "@/lib/rooms/find-room";
import { roomNotFound } from "@/lib/rooms/get-room";
import { requireRecordingQuota } from "@/lib/usage/quotas";

/** The states of a recording that is still being made (asked for, or confirmed by the plane). */
export const IN_PROGRESS = ["recording", "started"] as const;

/**
 * POST /v1/workspace/rooms/:id/recordings (docs/decisions/1080): asks the room's media plane to
 * record it. The row is written first, in state `recording`, under the room's lock, so of two
 * starts one wins and the other finds it (409); then the plane is asked, outside the transaction.
 * `recording.started` is emitted later, when the plane confirms (its report), never here. A plane
 * that refuses or does not answer leaves the row `failed` with its reason, and the caller a 503.
 */
export async function startRecording(db: Db, audit: AuditContext, roomRef: string): Promise<RecordingDto> {
  const plane = mediaPlane();
  const { row, node } = await db.transaction(async (tx) => {
    const found = await findRoom(tx, roomRef, { orgId: audit.orgId });
    if (!found) throw roomNotFound();
    const [room] = await tx.select().from(rooms).where(eq(rooms.id, found.id)).for("update");
    if (!room) throw roomNotFound();
    await requireRecordingQuota(tx, room.orgId, await getOrgPlan(tx, room.orgId), new Date());
    if (room.record === "off") {
      throw new ApiError(
        "conflict",
        "Recording is off for this room; PATCH the room with record `manual` first.",
      );
    }
    if (room.state !== "active") {
      throw new ApiError("conflict", `The room is ${room.state}: a recording starts once someone is in it.`);
    }
    if (!plane || !room.mediaNode || !plane.nodes.includes(room.mediaNode)) {
      throw new ApiError("conflict", "No media plane holds this room, so nothing can record it.");
    }
    // recordings_room_idx
    const [running] = await tx
      .select({ id: recordings.id })
      .from(recordings)
      .where(
        and(
          eq(recordings.roomId, room.id),
          inArray(recordings.state, [...IN_PROGRESS]),
          isNull(recordings.stoppedAt),
        ),
      )
      .limit(1);
    if (running) throw new ApiError("conflict", `The room is already being recorded (${running.id}).`);
    const [row] = await tx
      .insert(recordings)
      .values({
        id: newId("recording"),
        orgId: room.orgId,
        projectId: room.projectId,
        roomId: room.id,
        state: "recording",
        startedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await recordAudit(tx, audit, {
      action: "recording.start_requested",
      target: { type: "recording", id: row.id },
      metadata: { room_id: room.id, project_id: room.projectId },
    });
    return { row, node: room.mediaNode };
  });

  try {
    if (!plane) throw new Error("no media plane");
    const { ref } = await plane.startRecording(node, {
      recordingId: row.id,
      roomId: row.roomId,
      objectPrefix: recordingPrefix(row),
    });
    if (ref) await db.update(recordings).set({ mediaRef: ref }).where(eq(recordings.id, row.id));
    return serializeRecording({ ...row, mediaRef: ref });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (err instanceof MediaNodeUnavailable) noteNodeHealth(node, false);
    log.warn("the media plane did not start a recording", { recording_id: row.id, node, error: reason });
    await db
      .update(recordings)
      .set({ state: "failed", failureReason: `the media plane did not start it: ${reason}`.slice(0, 500) })
      .where(and(eq(recordings.id, row.id), eq(recordings.state, "recording")));
    // A plane that cannot record as configured (LiveKit without a bucket): retrying will not help.
    if (err instanceof MediaRecordingUnavailable) throw new ApiError("conflict", err.message);
    throw new ApiError(
      "service_unavailable",
      "The room's media node did not start the recording; try again.",
      {
        headers: { "retry-after": "5" },
      },
    );
  }
}
