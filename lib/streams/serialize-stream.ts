import type { streams } from "@/db/schema";
import type { StreamDto } from "@/lib/streams/stream-schema";

type StreamRow = typeof streams.$inferSelect;

/** The public path of a stream's live playlist (docs/streaming.md). */
export const streamPlaylistPath = (s: Pick<StreamRow, "roomId" | "id">): string =>
  `/v1/workspace/rooms/${s.roomId}/streams/${s.id}/playlist.m3u8`;

/** A stream as the API answers it: the RTMP stream key never leaves (it is not even decrypted). */
export function serializeStream(s: StreamRow): StreamDto {
  return {
    id: s.id,
    room_id: s.roomId,
    state: s.state,
    outputs: s.outputs.map((o) => ({
      kind: o.kind,
      state: o.state,
      failure_reason: o.failureReason ?? null,
      url: o.kind === "rtmp" ? (o.url ?? "") : null,
      playlist_url: o.kind === "hls" && o.state !== "failed" ? streamPlaylistPath(s) : null,
    })),
    created_at: s.createdAt.toISOString(),
    started_at: s.startedAt?.toISOString() ?? null,
    ended_at: s.endedAt?.toISOString() ?? null,
    failure_reason: s.failureReason ?? null,
  };
}
