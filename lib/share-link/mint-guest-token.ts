import { requirePlan } from "@/lib/billing/require-plan";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { randomBase62 } from "@/lib/ids";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { normaliseRoomType } from "@/lib/rooms/room-types";
import { findShareLinkRoom } from "@/lib/share-link/find-share-link-room";
import { GUEST_ROLE } from "@/lib/share-link/guest-role";
import type { GuestToken, GuestTokenInput } from "@/lib/share-link/guest-token-schema";
import { GRANT_BY_ROLE } from "@/lib/tokens/capabilities";
import { mintRoomToken } from "@/lib/tokens/mint-room-token";

/** Long enough for a meeting: the media credential expires with the token (and the session with it). */
export const GUEST_TTL_SECONDS = 4 * 60 * 60;

const unknownLink = () => new ApiError("not_found", "No room has this share link.");

/**
 * A guest's room token through the share link: the room by its short code, the role its type
 * grants, a fresh identity, and then the very same `mintRoomToken` a customer's server reaches
 * with a project key (same checks, same claims, same media credential). The caller has already
 * spent the client address's budget; this spends the room's.
 */
export async function mintGuestToken(
  db: Db,
  shortCode: string,
  input: GuestTokenInput,
  now: Date = new Date(),
): Promise<GuestToken> {
  const room = await findShareLinkRoom(db, shortCode);
  if (!room) throw unknownLink();
  if (room.state === "ended")
    throw new ApiError("room_ended", "The room has ended; its link no longer opens it.");
  const type = normaliseRoomType(room.type);
  if (!type) throw unknownLink();
  requirePlan(room);
  // Its headers are not sent: they would tell anyone how many joined this room lately.
  await enforceRateLimit(
    limits.guestTokensPerRoom,
    room.id,
    "Too many people joined this room through its link just now; try again shortly.",
  );
  const role = GUEST_ROLE[type];
  const identity = `guest_${randomBase62(16)}`;
  const minted = await mintRoomToken(
    db,
    { orgId: room.orgId, projectId: room.projectId, grants: [GRANT_BY_ROLE[role]] },
    { roomId: room.id, identity, role, displayName: input.displayName, ttlSeconds: GUEST_TTL_SECONDS },
    now,
  );
  return { ...minted, identity, role };
}
