import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { recordings } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { JobTx } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import type { MediaReport } from "@/lib/media/media-report-schema";
import type { RoomRow } from "@/lib/media/room-state";
import { isOwnFileKey, recordingFileKey } from "@/lib/recordings/recording-object";
import { serializeRecording } from "@/lib/recordings/serialize-recording";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

type RecordingRow = typeof recordings.$inferSelect;
type RecordingReport = Extract<
  MediaReport["type"],
  "recording.started" | "recording.completed" | "recording.failed" | "recording.ready"
>;

/**
 * The recording a report is about: the one it names, or else the room's newest recording still in
 * the state the report moves on from (the media plane may not know the id we generated).
 */
async function findTarget(
  tx: JobTx,
  room: RoomRow,
  type: RecordingReport,
  id: string | undefined,
): Promise<RecordingRow | undefined> {
  if (id) {
    const [row] = await tx.select().from(recordings).where(eq(recordings.id, id)).for("update");
    if (row && row.roomId !== room.id) {
      throw new ApiError("conflict", `Recording ${id} belongs to another room.`);
    }
    return row;
  }
  if (type === "recording.started") return undefined;
  // In progress: asked for and not yet confirmed (`recording`), or confirmed (`started`).
  const inState = type === "recording.ready" ? ["completed"] : ["recording", "started"];
  const [row] = await tx
    .select()
    .from(recordings)
    .where(
      and(
        eq(recordings.roomId, room.id),
        inArray(recordings.state, inState as RecordingRow["state"][]),
        type === "recording.ready" ? isNull(recordings.readyAt) : undefined,
      ),
    )
    .orderBy(desc(recordings.startedAt), desc(recordings.id))
    .limit(1)
    .for("update");
  return row;
}

const inProgress = (r: RecordingRow) => r.state === "recording" || r.state === "started";

/**
 * [recording ->] started -> completed | failed, with `ready` a flag set once processing finished.
 * `recording` is a start the service asked for (docs/decisions/1080): the plane's `started`
 * confirms it, and only then is `recording.started` emitted. A report only
 * moves a recording forward: a late `started` after `completed` changes nothing, and the two
 * terminal states never replace each other. A report about an unknown recording creates it in
 * the state the report implies. Each effective change records its event.
 */
export async function applyRecordingReport(
  tx: JobTx,
  room: RoomRow,
  report: MediaReport & { type: RecordingReport },
  at: Date,
): Promise<string | undefined> {
  const r = report.recording ?? {};
  const existing = await findTarget(tx, room, report.type, r.id);
  let changed: RecordingRow | undefined;
  // The file's key is the service's, derived from the recording's org, room and id
  // (docs/decisions/1245): a report's `object_key` is never stored, served or deleted. One that
  // names another key (a misconfigured plane, or a forged report pointing at another org's
  // object) is noted and ignored.
  // A reported key is kept only when it is one the service derives for this very recording (an
  // egress started before keys moved writes the older layout's key: 1245).
  const keyOf = (id: string) => {
    const ids = { orgId: room.orgId, roomId: room.id, id };
    return r.object_key !== undefined && isOwnFileKey(ids, r.object_key)
      ? r.object_key
      : recordingFileKey(ids);
  };
  const ignoreReportedKey = (id: string) => {
    if (r.object_key !== undefined && r.object_key !== keyOf(id))
      log.warn("a media report named an object key the service does not derive; it is ignored", {
        recording_id: id,
        room_id: room.id,
      });
  };

  if (!existing) {
    const id = r.id ?? newId("recording");
    if (report.type === "recording.completed") ignoreReportedKey(id);
    const state =
      report.type === "recording.completed"
        ? "completed"
        : report.type === "recording.failed"
          ? "failed"
          : "started";
    [changed] = await tx
      .insert(recordings)
      .values({
        id,
        orgId: room.orgId,
        projectId: room.projectId,
        roomId: room.id,
        state,
        objectKey: report.type === "recording.completed" ? keyOf(id) : null,
        startedAt: r.started_at ?? at,
        durationSec: r.duration_sec ?? null,
        sizeBytes: r.size_bytes ?? null,
        failureReason: report.type === "recording.failed" ? (r.reason ?? null) : null,
        readyAt: report.type === "recording.ready" ? at : null,
      })
      .returning();
  } else if (report.type === "recording.started" && existing.state === "recording") {
    [changed] = await tx
      .update(recordings)
      .set({ state: "started", startedAt: r.started_at ?? at })
      .where(eq(recordings.id, existing.id))
      .returning();
  } else if (report.type === "recording.completed" && inProgress(existing)) {
    ignoreReportedKey(existing.id);
    [changed] = await tx
      .update(recordings)
      .set({
        state: "completed",
        stoppedAt: existing.stoppedAt ?? at,
        objectKey: keyOf(existing.id),
        durationSec: r.duration_sec ?? existing.durationSec,
        sizeBytes: r.size_bytes ?? existing.sizeBytes,
        ...(r.started_at ? { startedAt: r.started_at } : {}),
      })
      .where(eq(recordings.id, existing.id))
      .returning();
  } else if (report.type === "recording.failed" && inProgress(existing)) {
    [changed] = await tx
      .update(recordings)
      .set({ state: "failed", failureReason: r.reason ?? null, stoppedAt: existing.stoppedAt ?? at })
      .where(eq(recordings.id, existing.id))
      .returning();
  } else if (
    report.type === "recording.ready" &&
    (existing.state === "completed" || existing.state === "started") &&
    !existing.readyAt
  ) {
    [changed] = await tx
      .update(recordings)
      .set({ readyAt: at })
      .where(eq(recordings.id, existing.id))
      .returning();
  }

  // The recording the report is about, for the room's timeline (even when nothing changed).
  if (!changed) return existing?.id;
  // A report never leaves a recording merely asked for (`recording`): each moves it on.
  const { state } = changed;
  if (state === "recording") return changed.id;
  await recordEvent(tx, {
    type: report.type,
    orgId: room.orgId,
    projectId: room.projectId,
    object: { ...serializeRecording(changed), state },
  });
  return changed.id;
}
