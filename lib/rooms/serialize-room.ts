import type { rooms } from "@/db/schema";

export interface RoomDto {
  id: string;
  name: string;
  type: string;
  state: string;
  project_id: string;
  short_code: string;
  created_at: string;
}

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
