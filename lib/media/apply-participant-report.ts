import { and, eq } from "drizzle-orm";
import { roomParticipants } from "@/db/schema";
import type { JobTx } from "@/lib/jobs/transaction";
import type { ParticipantDto } from "@/lib/media/media-event-schemas";
import { activateRoom, endRoom, type RoomRow, syncPresence } from "@/lib/media/room-state";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

type ParticipantRow = typeof roomParticipants.$inferSelect;

function serializeParticipant(p: ParticipantRow): ParticipantDto {
  return {
    room_id: p.roomId,
    identity: p.identity,
    joined_at: p.joinedAt.toISOString(),
    left_at: p.leftAt?.toISOString() ?? null,
  };
}

async function lockParticipant(tx: JobTx, roomId: string, identity: string) {
  const [row] = await tx
    .select()
    .from(roomParticipants)
    .where(and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.identity, identity)))
    .for("update");
  return row;
}

/**
 * A join. Reports may arrive out of order, so each participant row keeps its latest join and leave
 * times: a join that happened before the recorded leave is stale and changes no presence. Any join,
 * stale or not, proves the room was in use, so a `created` room becomes `active`; and if nobody is
 * present afterwards (the leave came first) the room ends, as it would have in order.
 */
export async function applyJoin(tx: JobTx, room: RoomRow, identity: string, at: Date): Promise<void> {
  if (room.state === "ended") return;
  const existing = await lockParticipant(tx, room.id, identity);
  let leftAt: Date | null = null;
  if (!existing) {
    await tx.insert(roomParticipants).values({ roomId: room.id, identity, joinedAt: at });
  } else if (existing.leftAt && at > existing.leftAt) {
    // Back after leaving: present again.
    await tx
      .update(roomParticipants)
      .set({ joinedAt: at, leftAt: null })
      .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.identity, identity)));
  } else {
    leftAt = existing.leftAt;
  }
  const active = await activateRoom(tx, room, at);
  const { room: synced, present } = await syncPresence(tx, active);
  if (present === 0) await endRoom(tx, synced, leftAt ?? at);
}

/**
 * A leave. A leave without a known join is kept as a row already left (so the late join is seen
 * as stale); a leave older than the latest join is stale. The last leave ends an active room.
 */
export async function applyLeave(tx: JobTx, room: RoomRow, identity: string, at: Date): Promise<void> {
  const existing = await lockParticipant(tx, room.id, identity);
  let left: ParticipantRow | undefined;
  if (!existing) {
    [left] = await tx
      .insert(roomParticipants)
      .values({ roomId: room.id, identity, joinedAt: at, leftAt: at })
      .returning();
  } else if (existing.leftAt === null && at >= existing.joinedAt) {
    [left] = await tx
      .update(roomParticipants)
      .set({ leftAt: at })
      .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.identity, identity)))
      .returning();
  }
  if (!left) return;
  await recordEvent(tx, {
    type: "participant.left",
    orgId: room.orgId,
    projectId: room.projectId,
    object: serializeParticipant(left),
  });
  const { room: synced, present } = await syncPresence(tx, room);
  if (synced.state === "active" && present === 0) await endRoom(tx, synced, at);
}
