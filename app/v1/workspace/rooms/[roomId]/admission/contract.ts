import { roomAdmissionSchema, updateRoomAdmissionBody } from "@/lib/rooms/room-admission-schema";
import { defineRoute } from "@/lib/routes/contract";

export const getRoomAdmissionContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/rooms/{roomId}/admission",
  operationId: "getRoomAdmission",
  summary: "Who the share link lets in (extension)",
  description:
    "The room's share-link lock and waiting room, and the guests knocking now, oldest first (docs/decisions/1350). `roomId` is the `rm_` id or the short code.",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:read",
  responses: { 200: { description: "OK", schema: roomAdmissionSchema } },
  errors: ["not_found"],
});

export const updateRoomAdmissionContract = defineRoute({
  method: "PATCH",
  path: "/v1/workspace/rooms/{roomId}/admission",
  operationId: "updateRoomAdmission",
  summary: "Lock the share link or turn the waiting room on (extension)",
  description:
    "`link_locked: true` refuses every new guest through the share link (403 `room_locked`); people in the room and tokens already issued are untouched, and tokens your server mints with a project key are not share-link joins. `waiting_room: true` makes guests knock; members admit or deny them (POST …/knocks/{knockId}/admit or /deny). Turning the waiting room off admits nobody by itself. An ended room: 409 `room_ended`. Audited as `room.admission_changed`.",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:update",
  body: updateRoomAdmissionBody,
  responses: { 200: { description: "OK", schema: roomAdmissionSchema } },
  errors: ["not_found", "room_ended"],
});
