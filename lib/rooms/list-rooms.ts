import { and, eq } from "drizzle-orm";
import { rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { afterCursor, newestFirst, toPage } from "@/lib/pagination";
import type { ListRoomsQuery } from "@/lib/rooms/room-schema";
import { serializeRoom } from "@/lib/rooms/serialize-room";

export async function listRooms(db: Db, orgId: string, q: ListRoomsQuery) {
  const rows = await db
    .select()
    .from(rooms)
    .where(
      and(
        eq(rooms.orgId, orgId),
        q.project_id ? eq(rooms.projectId, q.project_id) : undefined,
        q.state ? eq(rooms.state, q.state) : undefined,
        afterCursor(rooms.createdAt, rooms.id, q.cursor),
      ),
    )
    .orderBy(...newestFirst(rooms.createdAt, rooms.id))
    .limit(q.limit + 1);
  return toPage(rows, q.limit, serializeRoom);
}
