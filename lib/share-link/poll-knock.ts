import { and, eq, isNull } from "drizzle-orm";
import { roomKnocks, rooms } from "@/db/schema";
import { safeEqual } from "@/lib/crypto/safe-equal";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { normaliseShortCode } from "@/lib/rooms/short-code";
import { knockSecretHash } from "@/lib/share-link/create-knock";
import { findShareLinkRoomById } from "@/lib/share-link/find-share-link-room";
import { type GuestKnockStatus, KNOCK_POLL_FIRST_MS, KNOCK_POLL_MAX_MS } from "@/lib/share-link/knock-schema";
import { issueGuestToken } from "@/lib/share-link/mint-guest-token";

const noKnock = () => new ApiError("not_found", "No such knock on this room's link.");

/**
 * The backoff, decided here so every page follows it (docs/decisions/1350): a knock answered
 * quickly is asked about every second, one left waiting less and less often, up to
 * KNOCK_POLL_MAX_MS.
 */
export function pollAfterMs(waitedMs: number): number {
  if (waitedMs < 10_000) return KNOCK_POLL_FIRST_MS;
  if (waitedMs < 30_000) return 2 * KNOCK_POLL_FIRST_MS;
  return KNOCK_POLL_MAX_MS;
}

/**
 * GET /v1/join/{shortCode}/knocks/{knockId}: the guest's page asks whether it was let in, with the
 * knock's secret. Waiting: the knock is marked seen (the host's list shows only guests still
 * there). Admitted: the token, minted on the first answer only (a second poll gets none).
 * Unknown knock, another room's, or a wrong secret: 404 alike.
 */
export async function pollKnock(
  db: Db,
  shortCode: string,
  knockId: string,
  secret: string,
  now: Date = new Date(),
): Promise<GuestKnockStatus> {
  const code = normaliseShortCode(shortCode);
  if (!code || !secret) throw noKnock();
  // The primary key, then the room's short code through rooms_short_code_key.
  const [knock] = await db
    .select({
      id: roomKnocks.id,
      roomId: roomKnocks.roomId,
      displayName: roomKnocks.displayName,
      secretHash: roomKnocks.secretHash,
      state: roomKnocks.state,
      createdAt: roomKnocks.createdAt,
      tokenIssuedAt: roomKnocks.tokenIssuedAt,
    })
    .from(roomKnocks)
    .innerJoin(rooms, eq(rooms.id, roomKnocks.roomId))
    .where(and(eq(roomKnocks.id, knockId), eq(rooms.shortCode, code)))
    .limit(1);
  if (!knock || !safeEqual(knock.secretHash, knockSecretHash(secret))) throw noKnock();
  if (knock.state === "denied") return { state: "denied", poll_after_ms: null, token: null };
  if (knock.state === "waiting") {
    await db.update(roomKnocks).set({ lastSeenAt: now }).where(eq(roomKnocks.id, knock.id));
    return {
      state: "waiting",
      poll_after_ms: pollAfterMs(now.getTime() - knock.createdAt.getTime()),
      token: null,
    };
  }
  // Admitted: one token per knock. Claimed first, so two polls at once cannot both mint.
  const [claimed] = await db
    .update(roomKnocks)
    .set({ tokenIssuedAt: now })
    .where(and(eq(roomKnocks.id, knock.id), isNull(roomKnocks.tokenIssuedAt)))
    .returning({ id: roomKnocks.id });
  if (!claimed) return { state: "admitted", poll_after_ms: null, token: null };
  try {
    const room = await findShareLinkRoomById(db, knock.roomId);
    if (!room) throw noKnock();
    if (room.state === "ended")
      throw new ApiError("room_ended", "The room has ended; its link no longer opens it.");
    // The lock stops new guests at the door; one a member admitted by name is let in.
    const token = await issueGuestToken(db, room, knock.displayName, now);
    return { state: "admitted", poll_after_ms: null, token };
  } catch (err) {
    // Not minted: the guest may ask again.
    await db.update(roomKnocks).set({ tokenIssuedAt: null }).where(eq(roomKnocks.id, knock.id));
    throw err;
  }
}
