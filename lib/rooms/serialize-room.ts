import type { rooms } from "@/db/schema";
import type { RoomDto } from "@/lib/rooms/room-schema";

export function serializeRoom(r: typeof rooms.$inferSelect): RoomDto {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    state: r.state,
    project_id: r.projectId,
    short_code: r.shortCode,
    created_at: r.createdAt.toISOString(),
  };
}
