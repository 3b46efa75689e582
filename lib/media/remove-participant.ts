import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { mediaConnections, rooms } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { mediaPlane } from "@/lib/media/media-plane";
import { MediaNodeUnavailable } from "@/lib/media/plane";

/**
 * DELETE /v1/workspace/rooms/:id/participants/:identity (docs/decisions/1100): every connection of
 * one identity in a room of the caller's org is kicked on the room's node, and the node's leave
 * events then record `participant.left`. It is a kick, not a ban (docs/decisions/1041): the
 * credential it holds admits it again until it expires. Returns how many connections the node
 * removed (0 for an identity not present: removing is idempotent); audited when it removed any.
 * 404 for a room outside the org, 409 `room_ended` for an ended room, 409 `conflict` when the
 * service has no media plane to ask, 503 when the room's node does not answer.
 */
export async function removeParticipant(
  db: Db,
  audit: AuditContext,
  roomId: string,
  identity: string,
): Promise<{ identity: string; removed: number }> {
  const [room] = await db
    .select({ id: rooms.id, state: rooms.state, mediaNode: rooms.mediaNode })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.orgId, audit.orgId)));
  if (!room) throw new ApiError("not_found", "No such room.");
  if (room.state === "ended") throw new ApiError("room_ended", "The room has ended; nobody is in it.");
  const plane = mediaPlane();
  if (!plane) {
    throw new ApiError(
      "conflict",
      "This service has no media plane configured (SVC_MEDIA_PLANE is none), so it cannot remove anyone; remove the participant through the media server that reported them.",
    );
  }
  // Nobody ever joined through the media plane: the room was never placed on a node.
  if (!room.mediaNode) return { identity, removed: 0 };
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
  if (refs.length === 0) return { identity, removed: 0 };
  let removed: number;
  try {
    removed = await plane.removeParticipants(room.mediaNode, room.id, refs);
  } catch (err) {
    if (!(err instanceof MediaNodeUnavailable)) throw err;
    throw new ApiError("service_unavailable", "The room's media node does not answer; try again shortly.", {
      headers: { "retry-after": "5" },
    });
  }
  if (removed > 0) {
    await recordAudit(db, audit, {
      action: "room.participant_removed",
      target: { type: "room", id: room.id },
      metadata: { identity, connections: removed },
    });
  }
  return { identity, removed };
}
