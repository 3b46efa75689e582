import type { KeyRoom, ProjectKeyPrincipal } from "@/lib/api-keys/authenticate";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError, validationError } from "@/lib/http/errors";
import { randomBase62 } from "@/lib/ids";
import { requireValidLicense } from "@/lib/licenses/license-gate";
import { admitToRoom } from "@/lib/media/admit-to-room";
import { refuseBanned } from "@/lib/media/moderation/bans";
import { findRoom } from "@/lib/rooms/find-room";
import { normaliseRoomType, type RoomType } from "@/lib/rooms/room-types";
import { GRANT_BY_ROLE, PREVIEW_ROOM_TYPES, resolveCapabilities, rolesFor } from "@/lib/tokens/capabilities";
import type { RoomToken, RoomTokenInput } from "@/lib/tokens/room-token-schema";
import { signJwt } from "@/lib/tokens/sign-jwt";
import { activeSigningKey } from "@/lib/tokens/signing-keys";
import { noteTokenMint } from "@/lib/usage/record-token-mint";

/** The `aud` every room token carries; media servers check it. */
export const ROOM_TOKEN_AUDIENCE = "svc-media";

export interface RoomTokenClaims {
  iss: string;
  aud: string;
  sub: string;
  iat: number;
  nbf: number;
  exp: number;
  jti: string;
  room: string;
  room_type: RoomType;
  role: string;
  caps: string[];
  prj: string;
  uid: string;
  name?: string;
  /** The holder is removed when the token expires (docs/decisions/1323). */
  eject_at_expiry?: true;
}

/**
 * Who mints: a project key (endpoint 14), or a share link minting for a guest in its room's scope
 * (lib/share-link/mint-guest-token.ts). The room may come already read, with the key.
 */
export type RoomTokenGrantor = Pick<ProjectKeyPrincipal, "orgId" | "projectId" | "grants"> & {
  room?: { ref: string; row: KeyRoom | null };
  /** The project key minting (its tokens can be revoked with it: docs/decisions/1321). */
  keyId?: string;
};

/**
 * Endpoint 14 after authentication: checks the request against the room and the key
 * (docs/spec/product-decisions.md §5, in this order: preview type, room, room type, role, caps, key
 * grant, room state) and signs.
 */
export async function mintRoomToken(
  db: Db,
  key: RoomTokenGrantor,
  input: RoomTokenInput,
  now: Date = new Date(),
): Promise<RoomToken> {
  // self_host with an invalid licence: no new room tokens, from any path (docs/decisions/1277).
  requireValidLicense();
  if (input.roomType !== undefined && (PREVIEW_ROOM_TYPES as readonly string[]).includes(input.roomType)) {
    throw new ApiError(
      "room_type_preview",
      `Room type ${input.roomType} is in preview and has no capability matrix yet.`,
    );
  }
  // The room read with the key (one query on the hot path), or read now when it was not.
  const room =
    key.room?.ref === input.roomId
      ? key.room.row
      : await findRoom(db, input.roomId, { orgId: key.orgId, projectId: key.projectId });
  if (!room) throw new ApiError("not_found", "No such room in this key's project.");
  const roomType = normaliseRoomType(room.type);
  if (!roomType) throw new Error(`room ${room.id} has an unknown type ${room.type}`);
  if (input.roomType !== undefined && normaliseRoomType(input.roomType) !== roomType) {
    throw validationError([
      { path: "roomType", message: `roomType does not match the room, which is a ${roomType} room` },
    ]);
  }
  const allowedRoles = rolesFor(roomType);
  if (!allowedRoles.includes(input.role)) {
    throw validationError([
      { path: "role", message: `a ${roomType} room admits the roles ${allowedRoles.join(", ")}` },
    ]);
  }
  const resolved = resolveCapabilities(input.role, input.caps);
  if ("outside" in resolved) {
    throw validationError([
      { path: "caps", message: `a ${input.role} cannot have ${resolved.outside.join(", ")}` },
    ]);
  }
  const grant = GRANT_BY_ROLE[input.role];
  if (!key.grants.includes(grant)) {
    throw new ApiError(
      "insufficient_scope",
      `A ${input.role} token needs the key grant ${grant}; this key has ${key.grants.join(", ") || "none"}.`,
    );
  }
  if (room.state === "ended") throw new ApiError("room_ended", "The room has ended; it cannot be joined.");
  // A banned identity gets no token for the room (docs/decisions/1322). The room read with the key
  // says whether it has bans at all, so a room without any costs no statement here.
  if (!("hasBans" in room) || room.hasBans) await refuseBanned(db, room.id, input.identity, now);
  const ejectAtExpiry = input.ejectAtExpiry === true;

  const signer = await activeSigningKey(db);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + input.ttlSeconds;
  // The media plane's credential, expiring with the token (undefined with SVC_MEDIA_PLANE=none).
  const media = await admitToRoom(
    db,
    { id: room.id, type: roomType, state: room.state, mediaNode: room.mediaNode },
    {
      identity: input.identity,
      role: input.role,
      caps: resolved.caps,
      issuedAt: new Date(iat * 1000),
      mintedAt: now,
      expiresAt: new Date(exp * 1000),
      ...(key.keyId ? { keyId: key.keyId } : {}),
      ...(ejectAtExpiry ? { ejectAtExpiry } : {}),
      projectId: room.projectId,
      userId: input.userId ?? input.identity,
      ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
    },
  );
  const claims: Omit<RoomTokenClaims, "iss" | "aud" | "sub" | "iat" | "nbf" | "exp" | "jti"> = {
    room: room.id,
    room_type: roomType,
    role: input.role,
    caps: resolved.caps,
    prj: room.projectId,
    uid: input.userId ?? input.identity,
    ...(input.displayName !== undefined ? { name: input.displayName } : {}),
    ...(ejectAtExpiry ? { eject_at_expiry: true as const } : {}),
  };
  // The room's claims, then the registered ones (the order jose's builder wrote them in).
  const token = await signJwt(
    {
      ...claims,
      iss: env.baseUrl,
      aud: ROOM_TOKEN_AUDIENCE,
      sub: input.identity,
      iat,
      nbf: iat,
      exp,
      jti: randomBase62(22),
    } satisfies RoomTokenClaims,
    signer,
  );
  // Metered in a batch (docs/decisions/1310): the count, and the join's role and "time from token".
  noteTokenMint({
    orgId: key.orgId,
    projectId: room.projectId,
    roomId: room.id,
    identity: input.identity,
    viewer: input.role === "viewer",
    at: now,
  });
  return { token, expires_at: new Date(exp * 1000).toISOString(), ...(media ? { media } : {}) };
}
