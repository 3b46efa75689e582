import { eq } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { listNewestFirst } from "@/lib/pagination";
import type { ListRoomsQuery } from "@/lib/rooms/room-schema";
import { type RoomDtoSource, serializeRoom } from "@/lib/rooms/serialize-room";

/** What serializeRoom reads, and no more (decision 0864). */
const LIST_COLUMNS = {
  id: rooms.id,
  name: rooms.name,
  type: rooms.type,
  state: rooms.state,
  projectId: rooms.projectId,
  shortCode: rooms.shortCode,
  createdAt: rooms.createdAt,
} satisfies Record<keyof RoomDtoSource, PgColumn>;

export async function listRooms(db: Db, orgId: string, q: ListRoomsQuery) {
  // rooms_org_created_idx, or rooms_org_state_created_idx with a state, or
  // rooms_project_created_idx with a project.
  const filters = [
    eq(rooms.orgId, orgId),
    q.project_id ? eq(rooms.projectId, q.project_id) : undefined,
    q.state ? eq(rooms.state, q.state) : undefined,
  ];
  return listNewestFirst(db, rooms, filters, q, serializeRoom, LIST_COLUMNS);
}
