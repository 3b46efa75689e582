import type { rooms } from "@/db/schema";
import { mediaPlane } from "@/lib/media/media-plane";

/**
 * Why the console cannot start recording a room now, in words (the API answers the same cases
 * with 409: lib/recordings/start-recording.ts); undefined when it can.
 */
export function recordingBlockedReason(
  room: Pick<typeof rooms.$inferSelect, "record" | "state" | "mediaNode">,
): string | undefined {
  if (room.record === "off") return "Recording is off for this room (its record option).";
  if (room.state === "ended") return "This room has ended.";
  if (!mediaPlane()) return "No media server records rooms here (SVC_MEDIA_PLANE is none).";
  if (room.state !== "active" || !room.mediaNode) return "Recording starts once someone is in the room.";
  return undefined;
}
