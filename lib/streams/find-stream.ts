import { and, desc, eq } from "drizzle-orm";
import { streams } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { findRoom } from "@/lib/rooms/find-room";
import { roomNotFound } from "@/lib/rooms/get-room";
import { serializeStream } from "@/lib/streams/serialize-stream";
import type { StreamDto } from "@/lib/streams/stream-schema";

export const streamNotFound = () => new ApiError("not_found", "No such stream of this room.");

/** The streams of a room of the caller's org, newest first (a room has a handful: no pages). */
export async function listStreams(db: DbOrTx, orgId: string, roomRef: string): Promise<StreamDto[]> {
  const room = await findRoom(db, roomRef, { orgId });
  if (!room) throw roomNotFound();
  // streams_room_created_idx
  const rows = await db
    .select()
    .from(streams)
    .where(and(eq(streams.roomId, room.id), eq(streams.orgId, orgId)))
    .orderBy(desc(streams.createdAt), desc(streams.id))
    .limit(100);
  return rows.map(serializeStream);
}

/** One stream of one room of the caller's org; another org's or room's is 404. */
export async function findStream(db: DbOrTx, orgId: string, roomRef: string, streamId: string) {
  const room = await findRoom(db, roomRef, { orgId });
  if (!room) throw streamNotFound();
  const [row] = await db
    .select()
    .from(streams)
    .where(and(eq(streams.id, streamId), eq(streams.orgId, orgId), eq(streams.roomId, room.id)))
    .limit(1);
  if (!row) throw streamNotFound();
  return row;
}

export async function getStream(db: DbOrTx, orgId: string, roomRef: string, streamId: string) {
  return serializeStream(await findStream(db, orgId, roomRef, streamId));
}
