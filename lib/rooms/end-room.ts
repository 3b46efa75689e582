import { eq } from "drizzle-orm";
import { rooms } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";
import { findRoom } from "@/lib/rooms/find-room";
import { roomNotFound } from "@/lib/rooms/get-room";
import { endRoom } from "@/lib/rooms/mark-room-ended";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { serializeRoom } from "@/lib/rooms/serialize-room";

/**
 * POST /v1/workspace/rooms/:id/end: the host ends a room (docs/spec/product-decisions.md §3: `ended` is final). The
 * row is locked, so of two concurrent calls (or a call and the media plane's report) one ends it
 * and emits `room.ended` once; the other finds it ended: 409 `room_ended`. Room tokens for it are
 * refused from then on (lib/tokens/mint-room-token.ts).
 */
export async function endRoomByHost(db: Db, audit: AuditContext, ref: string): Promise<RoomDto> {
  const ended = await transactionWithJobs(db, async (tx) => {
    const found = await findRoom(tx, ref, { orgId: audit.orgId });
    if (!found) throw roomNotFound();
    const [room] = await tx.select().from(rooms).where(eq(rooms.id, found.id)).for("update");
    if (!room) throw roomNotFound();
    if (room.state === "ended") throw new ApiError("room_ended", "The room has already ended.");
    const ended = await endRoom(tx, room, new Date());
    await recordAudit(tx, audit, { action: "room.ended", target: { type: "room", id: room.id } });
    return serializeRoom(ended);
  });
  // The next room token for it, on any instance, is refused (the principal cache settles).
  await settlePrincipalWrites(db);
  return ended;
}
