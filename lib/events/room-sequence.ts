import { sql } from "drizzle-orm";
import { roomEventSequences } from "@/db/schema";
import type { JobTx } from "@/lib/jobs/transaction";

/**
 * The per-room sequence number of media events (docs/decisions/1325). An event is about a room
 * when its subject is one: the room itself (`room.*`: the object is the room) or something in it
 * (`participant.*`, `recording.*`, `qos.*`, `stream.*`, and any later kind whose object names its
 * `room_id`). The rule is by subject, so a new media event kind is numbered without a change here.
 */
const ROOM_SUBJECTS = ["room", "participant", "recording", "qos", "stream"] as const;

/** Whether events of this type are numbered in their room's sequence. */
export function hasRoomSubject(type: string): boolean {
  const subject = type.slice(0, type.indexOf("."));
  return (ROOM_SUBJECTS as readonly string[]).includes(subject);
}

/** The room an event of `type` with `object` is about, or undefined when it is about none. */
export function eventRoomId(type: string, object: unknown): string | undefined {
  if (!hasRoomSubject(type) || typeof object !== "object" || object === null) return undefined;
  const o = object as Record<string, unknown>;
  const id = type.startsWith("room.") ? o.id : o.room_id;
  return typeof id === "string" && id.startsWith("rm_") ? id : undefined;
}

/**
 * The room's next sequence number, in the transaction that records the event: 1 for its first
 * event, then one more per event, without gaps among committed events (a rolled-back event rolls
 * its number back too). One row per room: the lock it takes is on that room's counter only, which
 * the media pipeline's room lock already serialises (docs/decisions/1200), never on an org-wide row.
 */
export async function nextRoomSequence(tx: JobTx, roomId: string): Promise<number> {
  const [row] = await tx
    .insert(roomEventSequences)
    .values({ roomId, last: 1 })
    .onConflictDoUpdate({
      target: roomEventSequences.roomId,
      set: { last: sql`${roomEventSequences.last} + 1` },
    })
    .returning({ last: roomEventSequences.last });
  if (!row) throw new Error(`no sequence row for room ${roomId}`);
  return Number(row.last);
}
