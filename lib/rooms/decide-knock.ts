import { and, eq } from "drizzle-orm";
import { roomKnocks } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { findRoom } from "@/lib/rooms/find-room";
import { roomNotFound } from "@/lib/rooms/get-room";
import { KNOCK_PRESENT_MS } from "@/lib/rooms/room-admission";
import type { KnockDecisionDto } from "@/lib/rooms/room-admission-schema";

/**
 * POST /v1/workspace/rooms/{roomId}/knocks/{knockId}/admit and /deny (docs/decisions/1350): a
 * member lets a waiting guest in or turns them away; the guest's page learns it on its next poll.
 * Audited as `room.guest_admitted` / `room.guest_denied`. A knock of another room or org: 404; one
 * already decided, or whose guest left: 409 `conflict`; an ended room: 409 `room_ended`.
 */
export async function decideKnock(
  db: Db,
  audit: AuditContext,
  ref: string,
  knockId: string,
  decision: "admitted" | "denied",
  now: Date = new Date(),
): Promise<KnockDecisionDto> {
  return audited(
    db,
    audit,
    async (tx) => {
      const room = await findRoom(tx, ref, { orgId: audit.orgId });
      if (!room) throw roomNotFound();
      const [knock] = await tx
        .select({ state: roomKnocks.state, lastSeenAt: roomKnocks.lastSeenAt })
        .from(roomKnocks)
        .where(and(eq(roomKnocks.id, knockId), eq(roomKnocks.roomId, room.id)))
        .for("update");
      if (!knock) throw new ApiError("not_found", "Nobody with this knock is waiting for this room.");
      if (room.state === "ended") throw new ApiError("room_ended", "The room has ended; nobody can join it.");
      if (knock.state !== "waiting")
        throw new ApiError("conflict", `This guest was already ${knock.state} by a member.`);
      if (now.getTime() - knock.lastSeenAt.getTime() > KNOCK_PRESENT_MS)
        throw new ApiError("conflict", "This guest left the waiting room (their page stopped asking).");
      const [row] = await tx
        .update(roomKnocks)
        .set({ state: decision, decidedAt: now, decidedBy: audit.actor.id })
        .where(and(eq(roomKnocks.id, knockId), eq(roomKnocks.state, "waiting")))
        .returning({ id: roomKnocks.id, displayName: roomKnocks.displayName, roomId: roomKnocks.roomId });
      if (!row) throw new ApiError("conflict", "Another member decided on this guest first.");
      const dto: KnockDecisionDto = {
        id: row.id,
        display_name: row.displayName,
        state: decision,
        decided_at: now.toISOString(),
      };
      return { roomId: row.roomId, dto };
    },
    (r) => ({
      action: decision === "admitted" ? "room.guest_admitted" : "room.guest_denied",
      target: { type: "room", id: r.roomId },
      metadata: { knock_id: r.dto.id, display_name: r.dto.display_name },
    }),
  ).then((r) => r.dto);
}
