import { roomSchema } from "@/lib/rooms/room-schema";
import { defineRoute } from "@/lib/routes/contract";

export const endRoomContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/rooms/{roomId}/end",
  operationId: "endRoom",
  summary: "End a room (extension)",
  description:
    "The room moves to `ended` (final) and `room.ended` is emitted once; room tokens for it are refused from then on. No body. Ending an ended room is 409 `room_ended`.",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:end",
  noBody: true,
  responses: { 200: { description: "The room, ended", schema: roomSchema } },
  errors: ["not_found", "room_ended"],
  idempotent: true,
});
