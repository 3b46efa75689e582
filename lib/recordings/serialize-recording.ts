import type { recordings } from "@/db/schema";

export interface RecordingDto {
  id: string;
  room_id: string;
  state: string;
  started_at: string;
  duration_sec: number;
  size_bytes: number;
}

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
