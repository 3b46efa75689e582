import { createRoomBody } from "@/lib/rooms/create-room-schema";
import { listRoomsQuery, roomListItemSchema, roomSchema } from "@/lib/rooms/room-schema";
import { defineRoute } from "@/lib/routes/contract";
import { page } from "@/lib/wire";

export const listRoomsContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/rooms",
  operationId: "listRooms",
  summary: "List rooms",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:read",
  query: listRoomsQuery,
  responses: { 200: { description: "OK", schema: page(roomListItemSchema) } },
  errors: [],
});

export const createRoomContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/rooms",
  operationId: "createRoom",
  summary: "Create a room",
  description:
    "`type`: `meeting` (default), `1to1`, `webinar`, `live`; the legacy aliases `broadcast`, `one-to-one` and `p2p` are accepted and normalised.",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:create",
  planGate: true,
  body: createRoomBody,
  responses: { 201: { description: "Created", schema: roomSchema } },
  errors: ["not_found", "license_invalid"],
  idempotent: true,
});
