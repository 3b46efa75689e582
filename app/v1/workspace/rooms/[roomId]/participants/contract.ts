import { liveListQuery, presentParticipantSchema } from "@/lib/media/live-schema";
import { defineRoute } from "@/lib/routes/contract";
import { page } from "@/lib/wire";

export const listParticipantsContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/rooms/{roomId}/participants",
  operationId: "listRoomParticipants",
  summary: "Who is in a room now (extension)",
  description:
    "The participants the media plane reports present (joined and not left), newest arrival first. `roomId` is the room's `rm_` id.",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:read",
  query: liveListQuery,
  responses: { 200: { description: "OK", schema: page(presentParticipantSchema) } },
  errors: ["not_found"],
});
