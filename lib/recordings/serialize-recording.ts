import type { recordings } from "@/db/schema";
import type { RecordingDto } from "@/lib/recordings/recording-schema";

export function serializeRecording(r: typeof recordings.$inferSelect): RecordingDto {
  return {
    id: r.id,
    room_id: r.roomId,
    state: r.state,
    started_at: r.startedAt.toISOString(),
    duration_sec: r.durationSec ?? 0,
    size_bytes: r.sizeBytes ?? 0,
  };
}
