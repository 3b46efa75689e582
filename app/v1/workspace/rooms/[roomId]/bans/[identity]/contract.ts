import { defineRoute } from "@/lib/routes/contract";

export const liftBanContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/rooms/{roomId}/bans/{identity}",
  operationId: "liftRoomBan",
  summary: "Lift a ban (extension)",
  description:
    "The identity may be minted room tokens for the room again. Tokens it held when it was banned stay revoked. 404 `not_found` when the room is outside the org or the identity is not banned from it. Audited as `room.identity_unbanned`.",
  tag: "Rooms",
  auth: "session",
  permission: "participants:moderate",
  responses: { 204: { description: "Lifted" } },
  errors: ["not_found"],
});
