import { and, eq } from "drizzle-orm";
import { roomParticipants, rooms } from "@/db/schema";
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

/** What a join or leave did to its room: what the pipeline runs after the commit depends on it. */
export interface RoomEffect {
  /** The room became active (its first join). */
  activated: boolean;
  /** The room ended (its last leave). */
  ended: boolean;
  /** The room had ended before: the join changed nothing (an old credential entered it). */
  wasEnded: boolean;
  record: RoomRow["record"];
}

export interface ParticipantOptions {
  /**
   * The leave is a connection's, which the pipeline knows closes the identity's presence
   * (lib/media/connections.ts): it applies at the latest of its time and the identity's join
   * instead of being stale (docs/decisions/1201).
   */
  connectionLeave?: boolean;
  /** Failover (docs/decisions/1202): the room does not end when this leave empties it. */
  keepRoom?: boolean;
}

const effectOf = (room: RoomRow, e: Partial<RoomEffect> = {}): RoomEffect => ({
  activated: false,
  ended: false,
  wasEnded: false,
  record: room.record,
  ...e,
});

/**
 * A join. Reports may arrive out of order, so each participant row keeps its latest join and leave
 * times: a join that happened before the recorded leave is stale and changes no presence. Any join,
 * stale or not, proves the room was in use, so a `created` room becomes `active`; and if nobody is
 * present afterwards (the leave came first) the room ends, as it would have in order.
 */
export async function applyJoin(tx: JobTx, room: RoomRow, identity: string, at: Date): Promise<RoomEffect> {
  if (room.state === "ended") return effectOf(room, { wasEnded: true });
  const existing = await lockParticipant(tx, room.id, identity);
  let leftAt: Date | null = null;
  let entered: ParticipantRow | undefined;
  if (!existing) {
    [entered] = await tx
      .insert(roomParticipants)
      .values({ roomId: room.id, identity, joinedAt: at })
      .returning();
  } else if (existing.leftAt && at > existing.leftAt) {
    // Back after leaving: present again.
    [entered] = await tx
      .update(roomParticipants)
      .set({ joinedAt: at, leftAt: null })
      .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.identity, identity)))
      .returning();
  } else {
    leftAt = existing.leftAt;
  }
  // The identity's presence began (not a second tab, not a stale join): docs/decisions/1325.
  if (entered) {
    await recordEvent(tx, {
      type: "participant.joined",
      orgId: room.orgId,
      projectId: room.projectId,
      object: serializeParticipant(entered),
    });
  }
  let active = await activateRoom(tx, room, at);
  if (active.mediaLostAt && leftAt === null) {
    // Someone is back after a failover (docs/decisions/1202): the grace is over.
    [active = active] = await tx
      .update(rooms)
      .set({ mediaLostAt: null })
      .where(eq(rooms.id, room.id))
      .returning();
  }
  const { room: synced, present } = await syncPresence(tx, active);
  const activated = room.state === "created";
  if (present === 0 && synced.mediaLostAt === null) {
    await endRoom(tx, synced, leftAt ?? at);
    return effectOf(room, { activated, ended: true });
  }
  return effectOf(room, { activated });
}

/**
 * A leave. A leave without a known join is kept as a row already left (so the late join is seen
 * as stale); a leave older than the latest join is stale, except a connection's leave
 * (`connectionLeave`), which closes the presence at the latest of both times. The last leave ends
 * an active room, except during a failover (`keepRoom`: the room waits for its grace).
 */
export async function applyLeave(
  tx: JobTx,
  room: RoomRow,
  identity: string,
  at: Date,
  options: ParticipantOptions = {},
): Promise<RoomEffect> {
  const existing = await lockParticipant(tx, room.id, identity);
  let left: ParticipantRow | undefined;
  if (!existing) {
    [left] = await tx
      .insert(roomParticipants)
      .values({ roomId: room.id, identity, joinedAt: at, leftAt: at })
      .returning();
  } else if (existing.leftAt === null && (at >= existing.joinedAt || options.connectionLeave)) {
    const leftAt = at >= existing.joinedAt ? at : existing.joinedAt;
    [left] = await tx
      .update(roomParticipants)
      .set({ leftAt })
      .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.identity, identity)))
      .returning();
  }
  if (!left) return effectOf(room);
  await recordEvent(tx, {
    type: "participant.left",
    orgId: room.orgId,
    projectId: room.projectId,
    object: serializeParticipant(left),
  });
  const { room: synced, present } = await syncPresence(tx, room);
  if (synced.state === "active" && present === 0 && !options.keepRoom && synced.mediaLostAt === null) {
    await endRoom(tx, synced, left.leftAt ?? at);
    return effectOf(room, { ended: true });
  }
  return effectOf(room);
}
