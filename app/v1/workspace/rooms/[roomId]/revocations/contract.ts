import { revocationBody, revocationSchema } from "@/lib/media/moderation/moderation-schema";
import { defineRoute } from "@/lib/routes/contract";

export const revokeRoomTokensContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/rooms/{roomId}/revocations",
  operationId: "revokeRoomTokens",
  summary: "Revoke room tokens (extension)",
  description:
    "Room tokens for this room minted before `issued_before` (default: now), of `identity` or of everyone, admit nobody from now on, on every media plane: a join on one is removed as soon as the media server reports it (Janus and LiveKit both check tokens themselves, so the service refuses at the join event: docs/decisions/1320), and those present on one are removed now (`removed`). Tokens minted afterwards work. 404 `not_found` for a room outside the org, 409 `room_ended` for an ended room, 422 `validation_failed` for an `issued_before` in the future. Audited as `room.tokens_revoked` (docs/moderation.md).",
  tag: "Rooms",
  auth: "session",
  permission: "participants:moderate",
  body: revocationBody,
  responses: { 201: { description: "Revoked", schema: revocationSchema } },
  errors: ["not_found", "room_ended"],
  idempotent: true,
});
