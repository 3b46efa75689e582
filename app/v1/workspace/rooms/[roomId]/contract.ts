import { roomSchema, updateRoomBody } from "@/lib/rooms/room-schema";
import { defineRoute } from "@/lib/routes/contract";

export const getRoomContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/rooms/{roomId}",
  operationId: "getRoom",
  summary: "Get a room (extension)",
  description: "`roomId` is the room's `rm_` id or its short code (with or without dashes, any case).",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:read",
  responses: { 200: { description: "OK", schema: roomSchema } },
  errors: ["not_found"],
});

export const updateRoomContract = defineRoute({
  method: "PATCH",
  path: "/v1/workspace/rooms/{roomId}",
  operationId: "updateRoom",
  summary: "Rename a room (extension)",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:update",
  body: updateRoomBody,
  responses: { 200: { description: "OK", schema: roomSchema } },
  errors: ["not_found"],
});
