import { and, count, eq, isNull } from "drizzle-orm";
import { roomParticipants, rooms } from "@/db/schema";
import type { JobTx } from "@/lib/jobs/transaction";

export type RoomRow = typeof rooms.$inferSelect;

/** docs/spec/product-decisions.md §3: created -> active (first participant joined) -> ended (lib/rooms/mark-room-ended.ts). */
export { endRoom } from "@/lib/rooms/mark-room-ended";

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
