import { eq } from "drizzle-orm";
import { rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { listNewestFirst } from "@/lib/pagination";
import type { ListRoomsQuery } from "@/lib/rooms/room-schema";
import { serializeRoom } from "@/lib/rooms/serialize-room";

export async function listRooms(db: Db, orgId: string, q: ListRoomsQuery) {
  // rooms_org_created_idx, or rooms_org_state_created_idx with a state, or
  // rooms_project_created_idx with a project.
  const filters = [
    eq(rooms.orgId, orgId),
    q.project_id ? eq(rooms.projectId, q.project_id) : undefined,
    q.state ? eq(rooms.state, q.state) : undefined,
  ];
  return listNewestFirst(db, rooms, filters, q, serializeRoom);
}
