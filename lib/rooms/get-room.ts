import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { findRoom } from "@/lib/rooms/find-room";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { serializeRoom } from "@/lib/rooms/serialize-room";

export const roomNotFound = () => new ApiError("not_found", "No such room in this organisation.");

/** GET /v1/workspace/rooms/:id, by `rm_` id or short code (with or without dashes). */
export async function getRoom(db: DbOrTx, orgId: string, ref: string): Promise<RoomDto> {
  const row = await findRoom(db, ref, { orgId });
  if (!row) throw roomNotFound();
  return serializeRoom(row);
}
