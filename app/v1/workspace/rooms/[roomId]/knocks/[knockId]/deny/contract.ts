import { knockDecisionSchema } from "@/lib/rooms/room-admission-schema";
import { defineRoute } from "@/lib/routes/contract";

export const denyGuestContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/rooms/{roomId}/knocks/{knockId}/deny",
  operationId: "denyGuest",
  summary: "Turn a waiting guest away (extension)",
  description:
    "The guest's page shows that the host declined; the guest may knock again (a new knock). A knock already decided, or whose guest left (their page stopped asking for 20 s): 409 `conflict`; an ended room: 409 `room_ended`; a knock of another room or org: 404. Audited as `room.guest_denied` (docs/decisions/1350).",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:update",
  noBody: true,
  responses: { 200: { description: "Decided", schema: knockDecisionSchema } },
  errors: ["not_found", "conflict", "room_ended"],
  idempotent: true,
});
