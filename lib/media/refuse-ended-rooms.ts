import { and, eq, inArray } from "drizzle-orm";
import { rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { closeMediaRoom } from "@/lib/media/close-room";

/**
 * An ended room admits nobody (docs/spec/product-decisions.md §7), on every media plane. A plane
 * that creates a room when a credential joins it (LiveKit's auto_create) can let a credential
 * minted before the end open the room again until it expires; any plane can deliver a join that
 * raced the end. Whenever a driver reports a connection or a join into a room that has ended, the
 * room is closed on its node again (its participants are removed; docs/decisions/1091). Runs after
 * the observations committed, never inside their transaction (it calls the media server).
 * Returns the rooms it closed.
 */
export async function refuseEndedRooms(db: Db, roomIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(roomIds)];
  if (ids.length === 0) return [];
  const ended = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(inArray(rooms.id, ids), eq(rooms.state, "ended")));
  for (const r of ended) await closeMediaRoom(db, r.id);
  return ended.map((r) => r.id);
}
