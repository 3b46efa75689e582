import { roomParticipantNames } from "@/db/schema";
import { requirePlan } from "@/lib/billing/require-plan";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { randomBase62 } from "@/lib/ids";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { normaliseRoomType } from "@/lib/rooms/room-types";
import { createKnock } from "@/lib/share-link/create-knock";
import { findShareLinkRoom, type ShareLinkRoom } from "@/lib/share-link/find-share-link-room";
import { GUEST_ROLE } from "@/lib/share-link/guest-role";
import type { GuestToken, GuestTokenInput } from "@/lib/share-link/guest-token-schema";
import type { GuestKnock } from "@/lib/share-link/knock-schema";
import { GRANT_BY_ROLE } from "@/lib/tokens/capabilities";
import { mintRoomToken } from "@/lib/tokens/mint-room-token";

/** Long enough for a meeting: the media credential expires with the token (and the session with it). */
export const GUEST_TTL_SECONDS = 4 * 60 * 60;

const unknownLink = () => new ApiError("not_found", "No room has this share link.");

/** What the share link answers: a token at once, or a knock to wait with (docs/decisions/1350). */
export type JoinAnswer = { status: 200; body: GuestToken } | { status: 202; body: GuestKnock };

/**
 * A guest through the share link: the room by its short code, refused when it has ended or its
 * link is locked (403 `room_locked`, docs/decisions/1350), then either a knock to wait with (the
 * waiting room is on) or the token. The caller has already spent the client address's budget;
 * this spends the room's, for knocks as for tokens.
 */
export async function mintGuestToken(
  db: Db,
  shortCode: string,
  input: GuestTokenInput,
  now: Date = new Date(),
): Promise<JoinAnswer> {
  const room = await findShareLinkRoom(db, shortCode);
  if (!room) throw unknownLink();
  if (room.state === "ended")
    throw new ApiError("room_ended", "The room has ended; its link no longer opens it.");
  if (!normaliseRoomType(room.type)) throw unknownLink();
  requirePlan(room);
  if (room.linkLocked)
    throw new ApiError(
      "room_locked",
      "The host has locked this room: nobody new can join through its link. Ask the host to unlock it.",
    );
  // A `shared` policy: never announced, since it would tell anyone how many joined this room lately.
  await enforceRateLimit(
    limits.guestTokensPerRoom,
    room.id,
    "Too many people joined this room through its link just now; try again shortly.",
  );
  if (room.waitingRoom) return { status: 202, body: await createKnock(db, room, input.displayName, now) };
  return { status: 200, body: await issueGuestToken(db, room, input.displayName, now) };
}

/**
 * The token itself: the role the room's type grants, a fresh identity, and then the very same
 * `mintRoomToken` a customer's server reaches with a project key (same checks, same claims, same
 * media credential). Also for an admitted knock (lib/share-link/poll-knock.ts).
 */
export async function issueGuestToken(
  db: Db,
  room: ShareLinkRoom,
  displayName: string,
  now: Date,
): Promise<GuestToken> {
  const type = normaliseRoomType(room.type);
  if (!type) throw unknownLink();
  const role = GUEST_ROLE[type];
  const identity = `guest_${randomBase62(16)}`;
  const minted = await mintRoomToken(
    db,
    { orgId: room.orgId, projectId: room.projectId, grants: [GRANT_BY_ROLE[role]] },
    { roomId: room.id, identity, role, displayName, ttlSeconds: GUEST_TTL_SECONDS },
    now,
  );
  // The name the guest typed, for the host's live view, timeline and Remove (decision 1305): the
  // identity is ours, so this is the one place that knows whose name it is.
  await db
    .insert(roomParticipantNames)
    .values({ roomId: room.id, identity, displayName })
    .onConflictDoNothing();
  return { ...minted, identity, role };
}
