import { and, asc, eq, gt } from "drizzle-orm";
import { roomKnocks, rooms } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Db, DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { findRoom } from "@/lib/rooms/find-room";
import { roomNotFound } from "@/lib/rooms/get-room";
import type {
  RoomAdmissionDto,
  UpdateRoomAdmissionInput,
  WaitingGuestDto,
} from "@/lib/rooms/room-admission-schema";
import { KNOCK_POLL_MAX_MS } from "@/lib/share-link/knock-schema";

/**
 * A knock counts as present while its page keeps asking: five of its slowest polls without one
 * and the guest is taken to have closed the page (docs/decisions/1350).
 */
export const KNOCK_PRESENT_MS = 5 * KNOCK_POLL_MAX_MS;

/** Guests knocking on a room now, oldest first (room_knocks_room_state_idx). */
export async function listWaitingGuests(
  db: DbOrTx,
  roomId: string,
  now: Date = new Date(),
): Promise<WaitingGuestDto[]> {
  const rows = await db
    .select({ id: roomKnocks.id, displayName: roomKnocks.displayName, createdAt: roomKnocks.createdAt })
    .from(roomKnocks)
    .where(
      and(
        eq(roomKnocks.roomId, roomId),
        eq(roomKnocks.state, "waiting"),
        gt(roomKnocks.lastSeenAt, new Date(now.getTime() - KNOCK_PRESENT_MS)),
      ),
    )
    .orderBy(asc(roomKnocks.createdAt))
    .limit(50);
  return rows.map((r) => ({ id: r.id, display_name: r.displayName, knocked_at: r.createdAt.toISOString() }));
}

/** GET /v1/workspace/rooms/{roomId}/admission: the room's lock, waiting room and who is knocking. */
export async function getRoomAdmission(
  db: DbOrTx,
  orgId: string,
  ref: string,
  now: Date = new Date(),
): Promise<RoomAdmissionDto> {
  const room = await findRoom(db, ref, { orgId });
  if (!room) throw roomNotFound();
  return {
    link_locked: room.linkLocked,
    waiting_room: room.waitingRoom,
    waiting: await listWaitingGuests(db, room.id, now),
  };
}

/**
 * PATCH /v1/workspace/rooms/{roomId}/admission (docs/decisions/1350): locks or unlocks the share
 * link, turns the waiting room on or off. Audited as `room.admission_changed`. An ended room has
 * no door left to guard: 409 `room_ended`.
 */
export async function updateRoomAdmission(
  db: Db,
  audit: AuditContext,
  ref: string,
  input: UpdateRoomAdmissionInput,
  now: Date = new Date(),
): Promise<RoomAdmissionDto> {
  return audited(
    db,
    audit,
    async (tx) => {
      const room = await findRoom(tx, ref, { orgId: audit.orgId });
      if (!room) throw roomNotFound();
      if (room.state === "ended")
        throw new ApiError("room_ended", "The room has ended; its link opens nothing any more.");
      const [row] = await tx
        .update(rooms)
        .set({
          ...(input.link_locked !== undefined ? { linkLocked: input.link_locked } : {}),
          ...(input.waiting_room !== undefined ? { waitingRoom: input.waiting_room } : {}),
        })
        .where(and(eq(rooms.id, room.id), eq(rooms.orgId, audit.orgId)))
        .returning({ id: rooms.id, linkLocked: rooms.linkLocked, waitingRoom: rooms.waitingRoom });
      if (!row) throw roomNotFound();
      return {
        roomId: row.id,
        dto: {
          link_locked: row.linkLocked,
          waiting_room: row.waitingRoom,
          waiting: await listWaitingGuests(tx, row.id, now),
        },
      };
    },
    (r) => ({
      action: "room.admission_changed",
      target: { type: "room", id: r.roomId },
      metadata: { link_locked: r.dto.link_locked, waiting_room: r.dto.waiting_room },
    }),
  ).then((r) => r.dto);
}
