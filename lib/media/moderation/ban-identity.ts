import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import { roomBans, roomRevocations, rooms } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { type BanDto, serializeBan } from "@/lib/media/moderation/bans";
import { markForRemoval, removeConnections } from "@/lib/media/moderation/remove-connections";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";

/**
 * DELETE rooms/:roomId/participants/:identity with `ban` (docs/decisions/1322): the identity is
 * removed and kept out. A ban is a revocation of every token the identity holds for the room
 * (lib/media/moderation/revoke-room-tokens.ts's rule: a rejoin on one is removed) plus a refusal
 * to mint it another (409 `identity_banned`) until `until`, or for good (null). Banning again
 * replaces the ban's end. Stored in one transaction holding the room's row (as a join applies);
 * those present are removed at once through the node, and the eject job asks again if it did not
 * answer. Without a media plane the ban still refuses new tokens. 404 outside the org, 409
 * `room_ended`. Audited as `room.identity_banned`.
 */
export async function banIdentity(
  db: Db,
  audit: AuditContext,
  roomId: string,
  identity: string,
  until: Date | null,
  now: Date = new Date(),
): Promise<{ identity: string; removed: number; ban: BanDto }> {
  const { ban, marked } = await db.transaction(async (tx) => {
    const [room] = await tx
      .select({ id: rooms.id, state: rooms.state })
      .from(rooms)
      .where(and(eq(rooms.id, roomId), eq(rooms.orgId, audit.orgId)))
      .for("update");
    if (!room) throw new ApiError("not_found", "No such room.");
    if (room.state === "ended") throw new ApiError("room_ended", "The room has ended; nobody is in it.");
    const [row] = await tx
      .insert(roomBans)
      .values({ roomId: room.id, identity, orgId: audit.orgId, until, createdAt: now })
      .onConflictDoUpdate({ target: [roomBans.roomId, roomBans.identity], set: { until, createdAt: now } })
      .returning();
    if (!row) throw new Error("the ban was not stored");
    await tx.insert(roomRevocations).values({
      id: newId("revocation"),
      orgId: audit.orgId,
      roomId: room.id,
      identity,
      issuedBefore: now,
      createdAt: now,
    });
    return {
      ban: row,
      marked: await markForRemoval(tx, { roomId: room.id, identity, issuedBefore: now }, now),
    };
  });
  // Every instance's cached room says it has bans before the answer (docs/decisions/0966, 1322).
  await settlePrincipalWrites(db);
  const removed = await removeConnections(db, marked, now);
  await recordAudit(db, audit, {
    action: "room.identity_banned",
    target: { type: "room", id: roomId },
    metadata: { identity, until: until?.toISOString() ?? null, removed },
  });
  return { identity, removed, ban: serializeBan(ban) };
}

/** DELETE rooms/:roomId/bans/:identity: the identity may be minted tokens again. 404 when not banned. */
export async function liftBan(db: Db, audit: AuditContext, roomId: string, identity: string): Promise<void> {
  const lifted = await db
    .delete(roomBans)
    .where(and(eq(roomBans.roomId, roomId), eq(roomBans.identity, identity), eq(roomBans.orgId, audit.orgId)))
    .returning({ identity: roomBans.identity });
  if (lifted.length === 0) throw new ApiError("not_found", "This identity is not banned from this room.");
  await recordAudit(db, audit, {
    action: "room.identity_unbanned",
    target: { type: "room", id: roomId },
    metadata: { identity },
  });
}

/** GET rooms/:roomId/bans: the bans in force, newest first (a room has few). 404 outside the org. */
export async function listBans(
  db: Db,
  orgId: string,
  roomId: string,
  now: Date = new Date(),
): Promise<BanDto[]> {
  const [room] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.orgId, orgId)));
  if (!room) throw new ApiError("not_found", "No such room.");
  const rows = await db
    .select()
    .from(roomBans)
    .where(and(eq(roomBans.roomId, room.id), or(isNull(roomBans.until), gt(roomBans.until, now))))
    .orderBy(desc(roomBans.createdAt))
    .limit(500);
  return rows.map(serializeBan);
}
