import { and, count, eq, isNull } from "drizzle-orm";
import { roomParticipants, rooms } from "@/db/schema";
import type { JobTx } from "@/lib/jobs/transaction";
import { type RoomDto, roomSchema } from "@/lib/rooms/room-schema";
import { serializeRoom } from "@/lib/rooms/serialize-room";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

export type RoomRow = typeof rooms.$inferSelect;

/**
 * Decisions §3: created -> active (first participant joined) -> ended (last participant left, or
 * the host ended it). `ended` is final: nothing moves a room out of it.
 */
export async function endRoom(tx: JobTx, room: RoomRow, at: Date): Promise<RoomRow> {
  if (room.state === "ended") return room;
  const [ended] = await tx
    .update(rooms)
    .set({ state: "ended", endedAt: at })
    .where(eq(rooms.id, room.id))
    .returning();
  if (!ended) throw new Error("room vanished inside its own transaction");
  const dto: RoomDto = serializeRoom(ended);
  await recordEvent(tx, {
    type: "room.ended",
    schema: roomSchema,
    orgId: room.orgId,
    projectId: room.projectId,
    object: dto,
  });
  return ended;
}

export async function activateRoom(tx: JobTx, room: RoomRow, at: Date): Promise<RoomRow> {
  if (room.state !== "created") return room;
  const [active] = await tx
    .update(rooms)
    .set({ state: "active", startedAt: at })
    .where(eq(rooms.id, room.id))
    .returning();
  if (!active) throw new Error("room vanished inside its own transaction");
  return active;
}

/** Who is in the room now, kept on the room row for the console. */
export async function syncPresence(tx: JobTx, room: RoomRow): Promise<{ room: RoomRow; present: number }> {
  const [row] = await tx
    .select({ n: count() })
    .from(roomParticipants)
    .where(and(eq(roomParticipants.roomId, room.id), isNull(roomParticipants.leftAt)));
  const present = row?.n ?? 0;
  if (present === room.activeParticipants) return { room, present };
  const [updated] = await tx
    .update(rooms)
    .set({ activeParticipants: present })
    .where(eq(rooms.id, room.id))
    .returning();
  return { room: updated ?? room, present };
}
