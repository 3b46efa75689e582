import { removedParticipantSchema } from "@/lib/media/live-schema";
import {
  participantUpdateBody,
  participantUpdatedSchema,
  removalQuery,
} from "@/lib/media/moderation/moderation-schema";
import { defineRoute } from "@/lib/routes/contract";

export const removeParticipantContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/rooms/{roomId}/participants/{identity}",
  operationId: "removeRoomParticipant",
  summary: "Remove a participant from a room, optionally banning it (extension)",
  description:
    "Every connection of `identity` (URL-encoded) in the room (`rm_` id) is removed through the media plane; the media server's leave then records `participant.left`. Without `ban` it is a removal, not a ban: a room token the participant still holds admits them again until it expires. With `ban=true` (permanent) or `ban_seconds` (time-limited) the identity is also banned (docs/decisions/1322): every token it holds for the room is revoked, and minting it a new one answers 409 `identity_banned` until the ban ends (DELETE …/bans/{identity} lifts it); a ban works without a media plane too (it refuses tokens). An identity not in the room is removed 0 times. 409 `room_ended` for an ended room, 409 `conflict` when the service has no media plane and no ban was asked (`SVC_MEDIA_PLANE=none`), 503 `service_unavailable` (with `Retry-After`) when the room's media node does not answer a plain removal. Audited as `room.participant_removed` or `room.identity_banned`. A ban needs the `participants:moderate` permission (Owner, Admin, Developer), like a removal.",
  tag: "Rooms",
  auth: "session",
  permission: "participants:remove",
  query: removalQuery,
  responses: { 200: { description: "Removed", schema: removedParticipantSchema } },
  errors: ["not_found", "room_ended", "conflict", "service_unavailable"],
});

export const updateParticipantContract = defineRoute({
  method: "PATCH",
  path: "/v1/workspace/rooms/{roomId}/participants/{identity}",
  operationId: "updateRoomParticipant",
  summary: "Promote or demote a participant live (extension)",
  description:
    "Changes the role of a present participant without a rejoin where the media plane allows it (LiveKit: `UpdateParticipant` with the role's publish permissions; a viewer promoted to publisher can publish at once, a publisher demoted to viewer has its tracks unpublished). Janus cannot change what a VideoRoom participant may do: 409 `rejoin_required` — mint a token with the new role and have the client join again (docs/moderation.md). 404 `not_found` when the room is outside the org or the identity is not in it, 409 `room_ended`, 409 `conflict` without a media plane, 422 for a role the room type does not admit. Audited as `room.participant_role_changed`.",
  tag: "Rooms",
  auth: "session",
  permission: "participants:moderate",
  body: participantUpdateBody,
  responses: { 200: { description: "Updated", schema: participantUpdatedSchema } },
  errors: ["not_found", "room_ended", "conflict", "rejoin_required", "service_unavailable"],
});
