import { and, eq, inArray, isNull } from "drizzle-orm";
import { recordings, rooms } from "@/db/schema";
import type { JobTx } from "@/lib/jobs/transaction";
import { recordRoomActivity } from "@/lib/rooms/record-room-activity";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { serializeRoom } from "@/lib/rooms/serialize-room";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

type RoomRow = typeof rooms.$inferSelect;

/**
 * docs/spec/product-decisions.md §3: a room ends when its last participant left (media plane), when the host ends it
 * (POST …/end) or when its project is deleted. `ended` is final: ending an ended room changes
 * nothing, so `room.ended` is recorded once, in the transaction of the change (the outbox).
 */
export async function endRoom(tx: JobTx, room: RoomRow, at: Date): Promise<RoomRow> {
  if (room.state === "ended") return room;
  const [ended] = await tx
    .update(rooms)
    .set({ state: "ended", endedAt: at })
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
