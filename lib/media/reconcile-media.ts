import { and, eq, inArray, isNotNull, isNull, lt, ne } from "drizzle-orm";
import { mediaConnections, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { log } from "@/lib/log/logger";
import { applyObservations, repairRooms } from "@/lib/media/apply-observations";
import { leaveConnections } from "@/lib/media/connections";
import { endRoomsPastGrace, failOverNode, failOverRoom } from "@/lib/media/fail-over";
import { mediaPlane } from "@/lib/media/media-plane";
import { mediaRoomSpec } from "@/lib/media/media-room-spec";
import { nodeAnswered, nodeMissed } from "@/lib/media/node-misses";
import { forgetOpenedRooms, noteNodeHealth } from "@/lib/media/place-room";
import { MediaNodeUnavailable, type MediaPlaneDriver, type NodeRoom } from "@/lib/media/plane";
import { normaliseRoomType } from "@/lib/rooms/room-types";

/**
 * Reconcile (docs/decisions/1042): Janus does not retry an event its receiver answered with an
 * error, and a node that restarts forgets its rooms, so events alone can leave the database
 * wrong. Each pass asks every node which of our rooms it has and who is in them, and repairs:
 * - a participant we think present but absent from its room leaves (a lost leave);
 * - a participant the node names (with who they are) but we never saw join joins (a lost join);
 * - an `active` room its node no longer has fails over (a node restarted: docs/decisions/1202):
 *   its participants leave, the room is placed again by the next credential, and ends if nobody
 *   is back within the grace;
 * - a `created` room its node no longer has is created again (its credentials still work), unless
 *   the plane creates rooms on join (LiveKit: an empty room it dropped is normal);
 * - a room the node has that is ended, unknown or placed elsewhere is closed there.
 * A node that does not answer is marked down (no new rooms) and its active rooms fail over
 * (lib/media/fail-over.ts); the node is repaired when it answers again.
 */

/** Connection rows older than this are gone with their credential (at most 24 h) and session. */
const CONNECTION_RETENTION_MS = 2 * 24 * 3600_000;

export interface ReconcileSummary {
  nodes: number;
  nodes_down: number;
  left: number;
  joined: number;
  ended: number;
  failed_over: number;
  reopened: number;
  closed: number;
}

export async function reconcileMedia(db: Db, now: Date = new Date()): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = {
    nodes: 0,
    nodes_down: 0,
    left: 0,
    joined: 0,
    ended: 0,
    failed_over: 0,
    reopened: 0,
    closed: 0,
  };
  const plane = mediaPlane();
  if (!plane) return summary;
  for (const node of plane.nodes) {
    summary.nodes++;
    try {
      await reconcileNode(db, plane, node, now, summary);
    } catch (err) {
      if (!(err instanceof MediaNodeUnavailable)) throw err;
      noteNodeHealth(node, false);
      summary.nodes_down++;
      log.warn("media node unavailable during reconcile", { node, error: err.message });
      // One failed listing counts as one miss, as a failed probe does (lib/media/node-misses.ts).
      if (nodeMissed(node)) summary.failed_over += await failOverNode(db, node, now);
    }
  }
  summary.ended += await endRoomsPastGrace(db, now);
  // media_connections_created_idx: old rows, in one bounded statement.
  const old = db
    .select({ id: mediaConnections.connectionId })
    .from(mediaConnections)
    .where(lt(mediaConnections.createdAt, new Date(now.getTime() - CONNECTION_RETENTION_MS)))
    .limit(1000);
  await db.delete(mediaConnections).where(inArray(mediaConnections.connectionId, old));
  return summary;
}

async function reconcileNode(
  db: Db,
  plane: MediaPlaneDriver,
  node: string,
  now: Date,
  s: ReconcileSummary,
): Promise<void> {
  // The database first, then the node: a room active, or a participant joined, in this read was on
  // the node before the listing began, so its absence from the listing is real; whatever joins
  // after this read is left for the next pass (docs/decisions/1042).
  const ours = await db
    .select({ id: rooms.id, type: rooms.type, state: rooms.state })
    .from(rooms)
    .where(and(eq(rooms.mediaNode, node), ne(rooms.state, "ended")));
  const joined =
    ours.length === 0
      ? []
      : await db
          .select({
            id: mediaConnections.connectionId,
            roomId: mediaConnections.roomId,
            ref: mediaConnections.participantRef,
          })
          .from(mediaConnections)
          .where(
            and(
              inArray(
                mediaConnections.roomId,
                ours.map((r) => r.id),
              ),
              isNotNull(mediaConnections.joinedAt),
              isNull(mediaConnections.leftAt),
            ),
          );
  const listed = await plane.listRooms(node);
  noteNodeHealth(node, true);
  nodeAnswered(node);
  const onNode = new Map(listed.map((r) => [r.roomId, new Set(r.participantRefs)]));
  const detailed = new Map(listed.map((r) => [r.roomId, r.participants ?? []]));
  const ref = `reconcile:${node}:${now.getTime()}`;
  const joinedIn = (roomId: string) => joined.filter((c) => c.roomId === roomId);

  for (const room of ours) {
    const present = onNode.get(room.id);
    if (present) {
      const absent = joinedIn(room.id).filter((c) => !c.ref || !present.has(c.ref));
      const ids = absent.map((c) => c.id);
      if (await repairRooms(db, node, (scope) => leaveConnections(scope, room.id, ids, `${ref}:left`, now))) {
        s.left += ids.length;
      }
      const known = new Set(joinedIn(room.id).map((c) => c.ref));
      for (const p of detailed.get(room.id) ?? []) {
        if (!known.has(p.ref) && (await joinLost(db, node, room.id, p, `${ref}:joined:${p.ref}`))) s.joined++;
      }
    } else if (room.state === "active" && plane.opensRoomsOnJoin) {
      // A plane that opens rooms on join also finishes them itself (LiveKit's empty timeout): a
      // room it no longer has while it answers was finished, and its room_finished was lost. It
      // ends as that event would have ended it; a node that restarted is the other branch's case.
      await applyObservations(
        db,
        [{ kind: "room_gone", ref: `${ref}:gone:${room.id}`, roomId: room.id, at: now }],
        node,
      );
      const [after] = await db.select({ state: rooms.state }).from(rooms).where(eq(rooms.id, room.id));
      if (after?.state === "ended") s.ended++;
    } else if (room.state === "active") {
      if (await failOverRoom(db, room.id, node, now)) s.failed_over++;
    } else if (!plane.opensRoomsOnJoin) {
      const type = normaliseRoomType(room.type);
      if (!type) continue;
      forgetOpenedRooms(node, room.id);
      await plane.openRoom(node, mediaRoomSpec({ id: room.id, type }));
      s.reopened++;
    }
  }

  const ourIds = new Set(ours.map((r) => r.id));
  const strangers = listed.map((r) => r.roomId).filter((id) => !ourIds.has(id));
  if (strangers.length === 0) return;
  // Read again: a room placed on this node after the first read is ours to keep.
  const keep = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(inArray(rooms.id, strangers), eq(rooms.mediaNode, node), ne(rooms.state, "ended")));
  const kept = new Set(keep.map((r) => r.id));
  for (const id of strangers) {
    if (kept.has(id)) continue;
    await plane.closeRoom(node, id);
    s.closed++;
  }
}

/**
 * A join whose event was lost, told by the node itself: the connection (named by the participant's
 * ref) and its join, at the time the node gives. A connection we saw leave since stays left (the
 * join is older than the leave: lib/media/connections.ts).
 */
async function joinLost(
  db: Db,
  node: string,
  roomId: string,
  p: NonNullable<NodeRoom["participants"]>[number],
  ref: string,
): Promise<boolean> {
  const at = p.joinedAt;
  const applied = await applyObservations(
    db,
    [
      {
        kind: "connected",
        ref: `${ref}:connected`,
        connectionId: p.ref,
        sessionRef: p.ref,
        roomId,
        identity: p.identity,
        role: p.role,
        at,
      },
      { kind: "joined", ref, connectionId: p.ref, roomId, participantRef: p.ref, at },
    ],
    node,
  );
  return applied > 0;
}

/** The scheduled job's pass (lib/jobs/definitions/reconcile-media.ts). */
export async function reconcilePass(ctx: PassContext): Promise<PassResult> {
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  const summary = await reconcileMedia(db, ctx.now);
  // Recordings ride on the same pass (docs/decisions/1080): auto starts missed, files never made.
  const { failStaleRecordings, startAutoRecordings } = await import("@/lib/recordings/start-auto-recordings");
  const autoStarted = mediaPlane() ? await startAutoRecordings(db) : 0;
  const recordingsFailed = await failStaleRecordings(db, ctx.now);
  // Streams too (docs/decisions/1400): one its plane no longer runs fails after two passes.
  const plane = mediaPlane();
  const { reconcileStreams } = await import("@/lib/streams/reconcile-streams");
  const streams = plane ? await reconcileStreams(db, plane, ctx.now) : undefined;
  return {
    next: null,
    summary: {
      ...summary,
      recordings_auto_started: autoStarted,
      recordings_failed: recordingsFailed,
      ...streams,
    },
  };
}
