import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { mediaConnections, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { log } from "@/lib/log/logger";
import { mediaPlane } from "@/lib/media/media-plane";
import { maxPublishers, PUBLISHING_ROLES } from "@/lib/rooms/room-publishers";

/**
 * Publishers per room type (lib/rooms/room-publishers.ts) on a plane that cannot refuse the extra
 * one itself (LiveKit: a token admits its holder whoever else is in the room). After a join is
 * applied, the room's present publishers are counted in join order (an identity with several
 * connections is one publisher, from its first join); those beyond the type's limit, the latest
 * to join, are removed from the plane (their pages are told) and their leave is reported by the
 * plane as any other. Viewers never count. Runs after commit (it calls the media server).
 * Returns how many participants it removed.
 */
export async function enforcePublisherLimit(db: Db, roomIds: readonly string[]): Promise<number> {
  const ids = [...new Set(roomIds)];
  const plane = mediaPlane();
  if (ids.length === 0 || !plane) return 0;
  // media_connections_room_identity_idx (room_id first).
  const present = await db
    .select({
      roomId: mediaConnections.roomId,
      identity: mediaConnections.identity,
      role: mediaConnections.role,
      ref: mediaConnections.participantRef,
      type: rooms.type,
      node: rooms.mediaNode,
    })
    .from(mediaConnections)
    .innerJoin(rooms, eq(rooms.id, mediaConnections.roomId))
    .where(
      and(
        inArray(mediaConnections.roomId, ids),
        isNotNull(mediaConnections.joinedAt),
        isNull(mediaConnections.leftAt),
      ),
    )
    .orderBy(asc(mediaConnections.joinedAt), asc(mediaConnections.connectionId));
  let removed = 0;
  for (const roomId of ids) {
    const here = present.filter((p) => p.roomId === roomId && p.ref);
    const first = here[0];
    if (!first?.node || !plane.nodes.includes(first.node)) continue;
    const publishers: string[] = [];
    for (const p of here)
      if (PUBLISHING_ROLES.has(p.role) && !publishers.includes(p.identity)) publishers.push(p.identity);
    const extra = new Set(publishers.slice(maxPublishers(first.type)));
    if (extra.size === 0) continue;
    const refs = here.flatMap((p) => (extra.has(p.identity) && p.ref ? [p.ref] : []));
    try {
      removed += await plane.removeParticipants(first.node, roomId, refs);
    } catch (err) {
      log.warn("a publisher beyond the room type's limit could not be removed", {
        room_id: roomId,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return removed;
}
