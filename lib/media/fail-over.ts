import { and, eq, isNotNull, lte, ne } from "drizzle-orm";
import { rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { repairRooms } from "@/lib/media/apply-observations";
import { closeMediaRoom } from "@/lib/media/close-room";
import { leaveConnections } from "@/lib/media/connections";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import { endRoom } from "@/lib/media/room-state";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";

/**
 * Failover (docs/decisions/1202). A node that stops answering (lib/media/watch-media-nodes.ts,
 * reconcile) or that lost an active room (it restarted) takes its participants with it: they
 * leave now, with their `participant.left`, not when the node is back. The room does not end: it
 * is unplaced (`media_node` null) and marked lost (`media_lost_at`), so the next room token or
 * the page's "join again" places it on a healthy node (lib/media/place-room.ts). Only if nobody
 * is back within SVC_MEDIA_FAILOVER_GRACE_SEC does it end (endRoomsPastGrace).
 */
export async function failOverRoom(db: Db, roomId: string, node: string, at: Date): Promise<boolean> {
  const moved = await repairRooms(db, node, async (scope) => {
    await leaveConnections(scope, roomId, undefined, `failover:${node}:${at.getTime()}`, at, {
      keepRoom: true,
    });
    const [row] = await scope.tx
      .update(rooms)
      .set({ mediaNode: null, mediaLostAt: at })
      .where(and(eq(rooms.id, roomId), eq(rooms.mediaNode, node), eq(rooms.state, "active")))
      .returning({ id: rooms.id });
    return row !== undefined;
  });
  if (!moved) return false;
  forgetOpenedRooms(node, roomId);
  log.warn("media room failed over: its node was lost; it waits for its participants", {
    room_id: roomId,
    node,
    grace_sec: env.SVC_MEDIA_FAILOVER_GRACE_SEC,
  });
  return true;
}

/** Every active room placed on `node` fails over; returns how many did. */
export async function failOverNode(db: Db, node: string, at: Date): Promise<number> {
  // rooms_media_node_open_idx
  const active = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.mediaNode, node), eq(rooms.state, "active")));
  let moved = 0;
  for (const r of active) if (await failOverRoom(db, r.id, node, at)) moved++;
  // The next room token, on any instance, sees the room unplaced.
  if (moved > 0) await settlePrincipalWrites(db);
  return moved;
}

/**
 * Rooms lost with their node whose grace ran out with nobody back end now: `room.ended` at the
 * time the last participant left (the failover), which is when the room was last in use.
 */
export async function endRoomsPastGrace(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - env.SVC_MEDIA_FAILOVER_GRACE_SEC * 1000);
  // rooms_media_lost_idx
  const due = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(isNotNull(rooms.mediaLostAt), lte(rooms.mediaLostAt, cutoff), ne(rooms.state, "ended")))
    .limit(500);
  let ended = 0;
  for (const { id } of due) {
    const done = await transactionWithJobs(db, async (tx) => {
      const [room] = await tx.select().from(rooms).where(eq(rooms.id, id)).for("update");
      if (!room?.mediaLostAt || room.state === "ended" || room.mediaLostAt > cutoff) return false;
      if (room.activeParticipants > 0) return false;
      await endRoom(tx, room, room.mediaLostAt);
      return true;
    });
    if (done) {
      ended++;
      // Placed again by a credential nobody used: closed there too.
      await closeMediaRoom(db, id);
    }
  }
  if (ended > 0) await settlePrincipalWrites(db);
  return ended;
}
