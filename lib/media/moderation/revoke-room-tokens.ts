import { and, eq } from "drizzle-orm";
import { roomRevocations, rooms } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError, validationError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { RevocationDto, RevocationInput } from "@/lib/media/moderation/moderation-schema";
import { markForRemoval, removeConnections } from "@/lib/media/moderation/remove-connections";

/** Clock skew allowed between the caller and the service for `issued_before` (ms). */
const FUTURE_SLACK_MS = 1_000;

/**
 * POST /v1/workspace/rooms/:roomId/revocations (docs/decisions/1320): the room's tokens minted
 * before `issued_before` (default now), of one identity or of everyone, admit nobody from now on.
 * The revocation is stored and the present holders marked for removal in one transaction that
 * holds the room's row, as the media pipeline does when it applies a join: a join is either seen
 * by the revocation (and removed) or sees it (and is refused), never neither. Those present are
 * removed at once through the node; the eject job asks again if the node did not answer. 404 for
 * a room outside the org, 409 `room_ended` (an ended room admits nobody anyway), 422 for an
 * `issued_before` in the future. Audited as `room.tokens_revoked`.
 */
export async function revokeRoomTokens(
  db: Db,
  audit: AuditContext,
  roomId: string,
  input: RevocationInput,
  now: Date = new Date(),
): Promise<RevocationDto> {
  const issuedBefore = input.issued_before ? new Date(input.issued_before) : now;
  if (issuedBefore.getTime() > now.getTime() + FUTURE_SLACK_MS) {
    throw validationError([
      {
        path: "issued_before",
        message: "issued_before must not be in the future (tokens not minted yet cannot be revoked)",
      },
    ]);
  }
  const { row, marked } = await db.transaction(async (tx) => {
    const [room] = await tx
      .select({ id: rooms.id, state: rooms.state })
      .from(rooms)
      .where(and(eq(rooms.id, roomId), eq(rooms.orgId, audit.orgId)))
      .for("update");
    if (!room) throw new ApiError("not_found", "No such room.");
    if (room.state === "ended") throw new ApiError("room_ended", "The room has ended; it admits nobody.");
    const [inserted] = await tx
      .insert(roomRevocations)
      .values({
        id: newId("revocation"),
        orgId: audit.orgId,
        roomId: room.id,
        identity: input.identity ?? null,
        issuedBefore,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error("the revocation was not stored");
    const matched = await markForRemoval(
      tx,
      {
        roomId: room.id,
        ...(input.identity !== undefined ? { identity: input.identity } : {}),
        issuedBefore,
      },
      now,
    );
    return { row: inserted, marked: matched };
  });
  const removed = await removeConnections(db, marked, now);
  await recordAudit(db, audit, {
    action: "room.tokens_revoked",
    target: { type: "room", id: row.roomId },
    metadata: { identity: row.identity, issued_before: row.issuedBefore.toISOString(), removed },
  });
  return {
    id: row.id,
    room_id: row.roomId,
    identity: row.identity,
    issued_before: row.issuedBefore.toISOString(),
    created_at: row.createdAt.toISOString(),
    removed,
  };
}
