import { eq } from "drizzle-orm";
import { rooms } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { findRoom } from "@/lib/rooms/find-room";
import { roomNotFound } from "@/lib/rooms/get-room";
import type { RoomDto, UpdateRoomInput } from "@/lib/rooms/room-schema";
import { serializeRoom } from "@/lib/rooms/serialize-room";

/**
 * PATCH /v1/workspace/rooms/:id: renames a room (an ended one too: its name is only a label) and/or
 * changes its record option (docs/decisions/1080; `auto` applies from the next first join).
 */
export async function updateRoom(
  db: Db,
  audit: AuditContext,
  ref: string,
  input: UpdateRoomInput,
): Promise<RoomDto> {
  return audited(
    db,
    audit,
    async (tx) => {
      const room = await findRoom(tx, ref, { orgId: audit.orgId });
      if (!room) throw roomNotFound();
      const [row] = await tx
        .update(rooms)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.record !== undefined ? { record: input.record } : {}),
        })
        .where(eq(rooms.id, room.id))
        .returning();
      if (!row) throw roomNotFound();
      return serializeRoom(row);
    },
    (r) => ({
      action: "room.updated",
      target: { type: "room", id: r.id },
      metadata: { name: r.name, record: r.record ?? null },
    }),
  );
}
