import { eq } from "drizzle-orm";
import { mediaReports, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError, validationError } from "@/lib/http/errors";
import { type JobTx, transactionWithJobs } from "@/lib/jobs/transaction";
import {
  applyJoin,
  applyLeave,
  type ParticipantOptions,
  type RoomEffect,
} from "@/lib/media/apply-participant-report";
import { applyRecordingReport } from "@/lib/media/apply-recording-report";
import type { MediaReport } from "@/lib/media/media-report-schema";
import { endRoom } from "@/lib/media/room-state";
import { recordRoomActivity } from "@/lib/rooms/record-room-activity";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

/** The schema already insists on it for participant reports; this keeps the types honest. */
function participantIdentity(report: MediaReport): string {
  const identity = report.participant?.identity;
  if (!identity) throw validationError([{ path: "participant.identity", message: "is required" }]);
  return identity;
}

/**
 * Applies one media-plane report in one transaction: the dedupe row, the data change and the
 * events it causes commit together (their deliveries are dispatched after the commit), so a repeated report id (a retry after a lost answer) finds
 * its row and changes nothing. The room row is locked first: reports about one room apply one at
 * a time, in whatever order they arrive.
 */
export async function ingestMediaReport(
  db: Db,
  report: MediaReport,
  now: Date = new Date(),
): Promise<{ duplicate: boolean }> {
  return transactionWithJobs(db, (tx) => applyMediaReport(tx, report, now));
}

/**
 * ingestMediaReport inside a transaction the caller holds: a media-plane driver (lib/media/
 * connections.ts) records what it learnt about a connection and its report in one commit.
 */
export async function applyMediaReport(
  tx: JobTx,
  report: MediaReport,
  now: Date = new Date(),
  options: ParticipantOptions = {},
): Promise<{ duplicate: boolean; effect?: RoomEffect }> {
  const at = report.occurred_at ?? now;
  const fresh = await tx
    .insert(mediaReports)
    .values({ id: report.id, type: report.type, roomId: report.room_id })
    .onConflictDoNothing({ target: mediaReports.id })
    .returning({ id: mediaReports.id });
  if (fresh.length === 0) return { duplicate: true };

  const [room] = await tx.select().from(rooms).where(eq(rooms.id, report.room_id)).for("update");
  if (!room) throw new ApiError("not_found", `No room ${report.room_id}.`);

  let recordingId: string | undefined;
  let effect: RoomEffect | undefined;
  switch (report.type) {
    case "participant.joined":
      effect = await applyJoin(tx, room, participantIdentity(report), at);
      break;
    case "participant.left":
      effect = await applyLeave(tx, room, participantIdentity(report), at, options);
      break;
    case "room.ended":
      await endRoom(tx, room, at);
      break;
    case "recording.started":
    case "recording.completed":
    case "recording.failed":
    case "recording.ready":
      recordingId = await applyRecordingReport(tx, room, { ...report, type: report.type }, at);
      break;
    case "qos.alert":
      // The report schema requires qos for this type.
      if (!report.qos) break;
      await recordEvent(tx, {
        type: "qos.alert",
        orgId: room.orgId,
        projectId: room.projectId,
        object: {
          room_id: room.id,
          kind: report.qos.kind,
          value: report.qos.value,
          identity: report.participant?.identity ?? null,
          occurred_at: at.toISOString(),
        },
      });
      break;
  }
  // The room's timeline (GET rooms/:id/timeline): every report as it was told, in its own
  // transaction; the end is written by endRoom, whoever ended the room.
  if (report.type !== "room.ended") {
    await recordRoomActivity(tx, room.id, {
      type: report.type,
      at,
      identity: report.participant?.identity ?? null,
      detail: {
        ...(recordingId || report.recording?.id ? { recording_id: recordingId ?? report.recording?.id } : {}),
        ...(report.qos ? { qos_kind: report.qos.kind, qos_value: report.qos.value } : {}),
      },
    });
  }
  return effect ? { duplicate: false, effect } : { duplicate: false };
}
