import { muteBody, muteResultSchema } from "@/lib/media/moderation/moderation-schema";
import { defineRoute } from "@/lib/routes/contract";

export const muteParticipantContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/rooms/{roomId}/participants/{identity}/mute",
  operationId: "muteRoomParticipant",
  summary: "Mute or unmute a participant (extension)",
  description:
    '`{ "audio": true }` mutes what the participant publishes of that kind for everyone in the room, `false` unmutes; `video` likewise; both may be sent. Janus: the VideoRoom stops relaying the stream (the publisher keeps sending); LiveKit: `MutePublishedTrack` (unmuting needs `room.enable_remote_unmute` in LiveKit\'s configuration). `tracks` counts the published tracks changed (0: it publishes nothing of that kind). 404 `not_found` when the room is outside the org or the identity is not in the room, 409 `room_ended`, 409 `conflict` without a media plane, 503 when the node does not answer. Audited as `room.participant_muted` (docs/moderation.md).',
  tag: "Rooms",
  auth: "session",
  permission: "participants:moderate",
  body: muteBody,
  responses: { 200: { description: "Done", schema: muteResultSchema } },
  errors: ["not_found", "room_ended", "conflict", "service_unavailable"],
  idempotent: true,
});
