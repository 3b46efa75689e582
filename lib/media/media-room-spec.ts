import type { MediaRoomSpec } from "@/lib/media/plane";
import type { RoomType } from "@/lib/rooms/room-type-values";

/**
 * How often a room's publishers are asked for a keyframe, decided here for every driver: a `live`
 * room every 2 s, so its stream's HLS (copied, not transcoded) cuts 2 s segments (issue 45,
 * docs/streaming.md); every other room every 10 s, which bounds a remuxed recording's HLS
 * segments (docs/decisions/1246).
 */
export const keyframeIntervalSec = (type: RoomType): number => (type === "live" ? 2 : 10);

/** A room as a media plane opens it (lib/media/plane.ts). */
export function mediaRoomSpec(room: { id: string; type: RoomType }): MediaRoomSpec {
  return { id: room.id, type: room.type, keyframeIntervalSec: keyframeIntervalSec(room.type) };
}
