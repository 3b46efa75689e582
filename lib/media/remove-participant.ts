import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { mediaConnections, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { mediaPlane } from "@/lib/media/media-plane";
import { MediaNodeUnavailable } from "@/lib/media/plane";

/**
 * Removes one identity from a room of the caller's org: every connection of it is kicked on the
 * room's node, and the node's leave events then record `participant.left`. It is a kick, not a ban
 * (docs/decisions/1041): the credential it holds admits it again until it expires. Returns how
 * many connections the node removed. 404 for a room outside the org, 503 when its node is down.
 */
export async function removeParticipant(
  db: Db,
  scope: { orgId: string },
  roomId: string,
  identity: string,
): Promise<{ removed: number }> {
  const [room] = await db
    .select({ id: rooms.id, state: rooms.state, mediaNode: rooms.mediaNode })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.orgId, scope.orgId)));
  if (!room) throw new ApiError("not_found", "No such room.");
  const plane = mediaPlane();
  if (!plane || !room.mediaNode || room.state === "ended") return { removed: 0 };
  // media_connections_room_identity_idx
  const present = await db
    .select({ ref: mediaConnections.participantRef })
    .from(mediaConnections)
    .where(
      and(
        eq(mediaConnections.roomId, room.id),
        eq(mediaConnections.identity, identity),
        isNotNull(mediaConnections.joinedAt),
        isNull(mediaConnections.leftAt),
      ),
    );
  const refs = present.flatMap((p) => (p.ref ? [p.ref] : []));
  if (refs.length === 0) return { removed: 0 };
  try {
    return { removed: await plane.removeParticipants(room.mediaNode, room.id, refs) };
  } catch (err) {
    if (!(err instanceof MediaNodeUnavailable)) throw err;
    throw new ApiError("service_unavailable", "The room's media node does not answer; try again shortly.", {
      headers: { "retry-after": "5" },
    });
  }
}
