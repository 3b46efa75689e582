import type { rooms } from "@/db/schema";
import type { RoomDto } from "@/lib/rooms/room-schema";

/** The columns a room's wire form reads: the list selects only these (lib/rooms/list-rooms.ts). */
export type RoomDtoSource = Pick<
  typeof rooms.$inferSelect,
  "id" | "name" | "type" | "state" | "projectId" | "shortCode" | "createdAt" | "record"
>;

export function serializeRoom(r: RoomDtoSource): RoomDto {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    state: r.state,
    project_id: r.projectId,
    short_code: r.shortCode,
    created_at: r.createdAt.toISOString(),
    record: r.record,
  };
}
