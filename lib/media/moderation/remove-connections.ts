import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { mediaConnections, rooms } from "@/db/schema";
import type { Db, DbOrTx } from "@/lib/db";
import { log } from "@/lib/log/logger";
import { mediaPlane } from "@/lib/media/media-plane";

/**
 * Removing connections the service decided must go (a revoked credential, a ban, an expiry that
 * asked for ejection): through the room's node, as DELETE participants does (docs/decisions/1100).
 */

/** Seconds before a connection whose removal was asked is asked again (its leave may be late). */
export const EJECT_RETRY_SEC = 30;

/** A join on a revoked credential (docs/decisions/1320), after the commit: removed at once. */
export async function removeRevokedJoin(db: Db, roomId: string, participantRef: string): Promise<boolean> {
  const [room] = await db.select({ node: rooms.mediaNode }).from(rooms).where(eq(rooms.id, roomId));
  const plane = mediaPlane();
  if (!room?.node || !plane?.nodes.includes(room.node)) return false;
  const removed = await plane.removeParticipants(room.node, roomId, [participantRef]);
  log.info("a join on a revoked room token was removed", { room_id: roomId, removed });
  return removed > 0;
}

/** Which present connections of a room a revocation, ban or key flag reaches. */
export interface ConnectionMatch {
  roomId?: string;
  /** One identity, or everyone. */
  identity?: string;
  /** Connections whose credential was minted before this (or does not say when). */
  issuedBefore?: Date;
  keyId?: string;
}

/**
 * Marks the present connections a revocation reaches for removal now (`eject_at` = now): the
 * eject job (lib/media/moderation/eject-due.ts) removes them and asks again if the node did not
 * answer, so a revocation recorded while a node is down still takes effect. Returns them, for
 * the caller to remove at once as well (the job is the safety net, not the fast path).
 */
export async function markForRemoval(
  db: DbOrTx,
  match: ConnectionMatch,
  now: Date,
): Promise<{ connectionId: string; roomId: string; participantRef: string }[]> {
  const marked = await db
    .update(mediaConnections)
    .set({ ejectAt: now })
    .where(
      and(
        match.roomId ? eq(mediaConnections.roomId, match.roomId) : undefined,
        match.identity !== undefined ? eq(mediaConnections.identity, match.identity) : undefined,
        match.keyId !== undefined ? eq(mediaConnections.keyId, match.keyId) : undefined,
        match.issuedBefore
          ? or(isNull(mediaConnections.issuedAt), lt(mediaConnections.issuedAt, match.issuedBefore))
          : undefined,
        isNotNull(mediaConnections.joinedAt),
        isNull(mediaConnections.leftAt),
      ),
    )
    .returning({
      connectionId: mediaConnections.connectionId,
      roomId: mediaConnections.roomId,
      participantRef: mediaConnections.participantRef,
    });
  return marked.flatMap((m) => (m.participantRef ? [{ ...m, participantRef: m.participantRef }] : []));
}

/**
 * Removes these connections through their rooms' nodes, room by room; a node that does not answer
 * is logged and left to the eject job. Returns how many the nodes removed.
 */
export async function removeConnections(
  db: Db,
  connections: readonly { connectionId: string; roomId: string; participantRef: string }[],
  now: Date = new Date(),
): Promise<number> {
  const plane = mediaPlane();
  if (!plane || connections.length === 0) return 0;
  const byRoom = new Map<string, typeof connections>();
  for (const c of connections) byRoom.set(c.roomId, [...(byRoom.get(c.roomId) ?? []), c]);
  const placed = await db
    .select({ id: rooms.id, node: rooms.mediaNode })
    .from(rooms)
    .where(inArray(rooms.id, [...byRoom.keys()]));
  let removed = 0;
  for (const room of placed) {
    const list = byRoom.get(room.id) ?? [];
    if (!room.node || !plane.nodes.includes(room.node)) continue;
    try {
      removed += await plane.removeParticipants(room.node, room.id, [
        ...new Set(list.map((c) => c.participantRef)),
      ]);
      // Asked: the node's leave closes them; asked again later if it never comes.
      await db
        .update(mediaConnections)
        .set({ ejectAt: new Date(now.getTime() + EJECT_RETRY_SEC * 1000) })
        .where(
          and(
            inArray(
              mediaConnections.connectionId,
              list.map((c) => c.connectionId),
            ),
            isNull(mediaConnections.leftAt),
          ),
        );
    } catch (err) {
      log.warn("connections to remove stay marked; the eject job asks again", {
        room_id: room.id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return removed;
}
