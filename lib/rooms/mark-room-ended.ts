import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { mediaConnections, recordings, roomParticipants, rooms } from "@/db/schema";
import type { JobTx } from "@/lib/jobs/transaction";
import { recordRoomActivity } from "@/lib/rooms/record-room-activity";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { serializeRoom } from "@/lib/rooms/serialize-room";
import { endRoomStreams } from "@/lib/streams/end-stream";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

type RoomRow = typeof rooms.$inferSelect;

/**
 * docs/spec/product-decisions.md §3: a room ends when its last participant left (media plane), when the host ends it
 * (POST …/end) or when its project is deleted. `ended` is final: ending an ended room changes
 * nothing, so `room.ended` is recorded once, in the transaction of the change (the outbox).
 *
 * Whoever ends it, the room ends empty (docs/webhooks.md, "Event order per room"): everyone still
 * present leaves first, with a `participant.left` each, then `room.ended`; their media connections
 * close with them, so the node's own leave events, when they come, change nothing. This does not
 * wait for the media node: a node that is down cannot keep anyone present.
 */
export async function endRoom(tx: JobTx, room: RoomRow, at: Date): Promise<RoomRow> {
  if (room.state === "ended") return room;
  // room_participants_present_idx
  const present = await tx
    .update(roomParticipants)
    .set({ leftAt: sql`greatest(${roomParticipants.joinedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(roomParticipants.roomId, room.id), isNull(roomParticipants.leftAt)))
    .returning();
  if (present.length > 0) {
    await tx
      .update(mediaConnections)
      .set({ leftAt: at })
      .where(and(eq(mediaConnections.roomId, room.id), isNull(mediaConnections.leftAt)));
  }
  // In a stable order: by identity.
  for (const p of present.sort((a, b) => (a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0))) {
    const leftAt = p.leftAt ?? at;
    await recordRoomActivity(tx, room.id, { type: "participant.left", at: leftAt, identity: p.identity });
    await recordEvent(tx, {
      type: "participant.left",
      orgId: room.orgId,
      projectId: room.projectId,
      object: {
        room_id: room.id,
        identity: p.identity,
        joined_at: p.joinedAt.toISOString(),
        left_at: leftAt.toISOString(),
      },
    });
  }
  const [ended] = await tx
    .update(rooms)
    .set({ state: "ended", endedAt: at, activeParticipants: 0, mediaLostAt: null })
    .where(eq(rooms.id, room.id))
    .returning();
  if (!ended) throw new Error("room vanished inside its own transaction");
  // A recording ends with its room: the media plane finishes the file (docs/decisions/1080).
  await tx
    .update(recordings)
    .set({ stoppedAt: at })
    .where(
      and(
        eq(recordings.roomId, room.id),
        inArray(recordings.state, ["recording", "started"]),
        isNull(recordings.stoppedAt),
      ),
    );
  // A live stream ends with its room (issue 45): `stream.ended` before `room.ended`.
  await endRoomStreams(tx, room.id, at);
  await recordRoomActivity(tx, room.id, { type: "room.ended", at });
  const dto: RoomDto = serializeRoom(ended);
  await recordEvent(tx, {
    type: "room.ended",
    orgId: room.orgId,
    projectId: room.projectId,
    object: dto,
  });
  return ended;
}
