import type { recordings } from "@/db/schema";
import type { RecordingDto } from "@/lib/recordings/recording-schema";

export type { RecordingDto };

/** A recording in any state, as webhook events carry it (`recording.started`, `.failed`, …). */
export type RecordingEventObject = Omit<RecordingDto, "state"> & { state: string };

export function serializeRecording(r: typeof recordings.$inferSelect): RecordingEventObject {
  return {
    id: r.id,
    room_id: r.roomId,
    state: r.state,
    started_at: r.startedAt.toISOString(),
    duration_sec: r.durationSec ?? 0,
    size_bytes: r.sizeBytes ?? 0,
  };
}

/** The API answers completed recordings only (decisions §7); callers select them. */
export function serializeCompletedRecording(r: typeof recordings.$inferSelect): RecordingDto {
  return { ...serializeRecording(r), state: "completed" };
}
