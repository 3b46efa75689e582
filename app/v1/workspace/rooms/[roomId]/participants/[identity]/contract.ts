import { removedParticipantSchema } from "@/lib/media/live-schema";
import { defineRoute } from "@/lib/routes/contract";

export const removeParticipantContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/rooms/{roomId}/participants/{identity}",
  operationId: "removeRoomParticipant",
  summary: "Remove a participant from a room (extension)",
  description:
    "Every connection of `identity` (URL-encoded) in the room (`rm_` id) is removed through the media plane; the media server's leave then records `participant.left`. A removal, not a ban: a room token the participant still holds admits them again until it expires. An identity not in the room is removed 0 times. 409 `room_ended` for an ended room, 409 `conflict` when the service has no media plane (`SVC_MEDIA_PLANE=none`), 503 `service_unavailable` (with `Retry-After`) when the room's media node does not answer. Audited as `room.participant_removed`.",
  tag: "Rooms",
  auth: "session",
  permission: "participants:remove",
  responses: { 200: { description: "Removed", schema: removedParticipantSchema } },
  errors: ["not_found", "room_ended", "conflict", "service_unavailable"],
});
