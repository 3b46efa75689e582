import { eq } from "drizzle-orm";
import { rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { log } from "@/lib/log/logger";
import { mediaPlane } from "@/lib/media/media-plane";
import { noteNodeHealth } from "@/lib/media/place-room";
import { MediaNodeUnavailable } from "@/lib/media/plane";

/**
 * After a room ended (the host's POST …/end, app/v1/workspace/rooms/[roomId]/end/route.ts): everyone in it is removed (their pages are told) and
 * the room is deleted from its node. Best effort by design: the room has ended already, whatever
 * the node says; a node that does not answer is cleaned by reconcile when it is back
 * (lib/media/reconcile-media.ts).
 */
export async function closeMediaRoom(db: Db, roomId: string): Promise<void> {
  const plane = mediaPlane();
  if (!plane) return;
  const [room] = await db
    .select({ id: rooms.id, mediaNode: rooms.mediaNode })
    .from(rooms)
    .where(eq(rooms.id, roomId));
  const node = room?.mediaNode;
  if (!node || !plane.nodes.includes(node)) return;
  try {
    await plane.closeRoom(node, roomId);
  } catch (err) {
    if (err instanceof MediaNodeUnavailable) noteNodeHealth(node, false);
    log.warn("media room not closed; reconcile will", {
      room_id: roomId,
      node,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}
