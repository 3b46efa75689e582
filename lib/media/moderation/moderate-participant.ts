import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { mediaConnections, rooms } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError, validationError } from "@/lib/http/errors";
import { mediaPlane } from "@/lib/media/media-plane";
import type { MuteInput } from "@/lib/media/moderation/moderation-schema";
import { MediaNodeUnavailable, type MediaPlaneDriver, type ParticipantTarget } from "@/lib/media/plane";
import { normaliseRoomType } from "@/lib/rooms/room-types";
import { CAPABILITIES_BY_ROLE, type RoomRole, rolesFor } from "@/lib/tokens/capabilities";

/**
 * Live moderation of one present participant (docs/decisions/1324): mute or unmute what it
 * publishes, and change its role without a rejoin where the plane can. Both find the identity's
 * present connections the way DELETE participants does (lib/media/remove-participant.ts): 404 for a
 * room outside the org and for an identity not in the room (there is nobody to mute), 409
 * `room_ended`, 409 `conflict` without a media plane, 503 when the node does not answer.
 */

interface Present {
  room: { id: string; type: string; node: string };
  plane: MediaPlaneDriver;
  targets: ParticipantTarget[];
  connectionIds: string[];
}

async function findPresent(db: Db, orgId: string, roomId: string, identity: string): Promise<Present> {
  const [room] = await db
    .select({ id: rooms.id, state: rooms.state, type: rooms.type, node: rooms.mediaNode })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.orgId, orgId)));
  if (!room) throw new ApiError("not_found", "No such room.");
  if (room.state === "ended") throw new ApiError("room_ended", "The room has ended; nobody is in it.");
  const plane = mediaPlane();
  if (!plane) {
    throw new ApiError(
      "conflict",
      "This service has no media plane configured (SVC_MEDIA_PLANE is none), so it cannot moderate anyone.",
    );
  }
  // media_connections_room_identity_idx
  const rows = room.node
    ? await db
        .select({
          id: mediaConnections.connectionId,
          ref: mediaConnections.participantRef,
          tracks: mediaConnections.publishedTracks,
        })
        .from(mediaConnections)
        .where(
          and(
            eq(mediaConnections.roomId, room.id),
            eq(mediaConnections.identity, identity),
            isNotNull(mediaConnections.joinedAt),
            isNull(mediaConnections.leftAt),
          ),
        )
    : [];
  const present = rows.flatMap((r) => (r.ref ? [{ ...r, ref: r.ref }] : []));
  if (!room.node || present.length === 0) {
    throw new ApiError("not_found", `${identity} is not in the room.`);
  }
  return {
    room: { id: room.id, type: room.type, node: room.node },
    plane,
    targets: present.map((p) => ({ ref: p.ref, identity, tracks: p.tracks ?? [] })),
    connectionIds: present.map((p) => p.id),
  };
}

async function onNode<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof MediaNodeUnavailable)) throw err;
    throw new ApiError("service_unavailable", "The room's media node does not answer; try again shortly.", {
      headers: { "retry-after": "5" },
    });
  }
}

/** POST rooms/:roomId/participants/:identity/mute. Audited as `room.participant_muted`. */
export async function muteParticipant(
  db: Db,
  audit: AuditContext,
  roomId: string,
  identity: string,
  input: MuteInput,
): Promise<{ identity: string; audio?: boolean; video?: boolean; tracks: number }> {
  const p = await findPresent(db, audit.orgId, roomId, identity);
  let tracks = 0;
  for (const kind of ["audio", "video"] as const) {
    const muted = input[kind];
    if (muted === undefined) continue;
    for (const t of p.targets) {
      tracks += await onNode(() => p.plane.muteTracks(p.room.node, p.room.id, t, kind, muted));
    }
  }
  const kinds = {
    ...(input.audio !== undefined ? { audio: input.audio } : {}),
    ...(input.video !== undefined ? { video: input.video } : {}),
  };
  await recordAudit(db, audit, {
    action: "room.participant_muted",
    target: { type: "room", id: p.room.id },
    metadata: { identity, ...kinds, tracks },
  });
  return { identity, ...kinds, tracks };
}

/**
 * PATCH rooms/:roomId/participants/:identity `{ role }`: the plane gives the present connections
 * the role's rights (the full capability set of the role), and the service records the role, so
 * a promoted viewer who publishes is not removed as a viewer who published. 409 `rejoin_required`
 * where the plane cannot (Janus), 422 for a role the room type does not admit.
 */
export async function updateParticipantRole(
  db: Db,
  audit: AuditContext,
  roomId: string,
  identity: string,
  role: RoomRole,
): Promise<{ identity: string; role: string; connections: number }> {
  const p = await findPresent(db, audit.orgId, roomId, identity);
  const type = normaliseRoomType(p.room.type);
  if (type && !rolesFor(type).includes(role)) {
    throw validationError([
      { path: "role", message: `a ${type} room admits the roles ${rolesFor(type).join(", ")}` },
    ]);
  }
  const update = p.plane.updatePermissions;
  if (!update) {
    throw new ApiError(
      "rejoin_required",
      `The ${p.plane.provider} media plane cannot change a participant's rights while it is in the room: mint a room token with role ${role} and have the client join again (docs/moderation.md).`,
    );
  }
  const caps = CAPABILITIES_BY_ROLE[role];
  let connections = 0;
  for (const t of p.targets) {
    connections += await onNode(() => update.call(p.plane, p.room.node, p.room.id, t, { role, caps }));
  }
  await db
    .update(mediaConnections)
    .set({ role })
    .where(inArray(mediaConnections.connectionId, p.connectionIds));
  await recordAudit(db, audit, {
    action: "room.participant_role_changed",
    target: { type: "room", id: p.room.id },
    metadata: { identity, role, connections },
  });
  return { identity, role, connections };
}
