import { type RoomActivityDetail, type RoomActivityType, roomActivity } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { JobTx } from "@/lib/jobs/transaction";

/**
 * One line of a room's timeline, written in the transaction of the report or change it records, so
 * the timeline never shows what did not happen (GET rooms/:id/timeline, lib/rooms/list-timeline.ts).
 */
export async function recordRoomActivity(
  tx: JobTx,
  roomId: string,
  entry: { type: RoomActivityType; at: Date; identity?: string | null; detail?: RoomActivityDetail },
): Promise<void> {
  await tx.insert(roomActivity).values({
    id: newId("roomActivity"),
    roomId,
    type: entry.type,
    identity: entry.identity ?? null,
    detail: entry.detail ?? null,
    occurredAt: entry.at,
  });
}
