import { defineRoute } from "@/lib/routes/contract";
import { sessionListQuery, sessionPage } from "@/lib/usage/session-schema";

export const listRoomSessionsContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/rooms/{roomId}/sessions",
  operationId: "listRoomSessions",
  summary: "A room's sessions (extension)",
  description:
    "Each stretch of the room from its first join to its last leave, newest first (docs/usage.md): start, end (null while running), duration, peak concurrent participants and how many identities joined. `roomId` is the room's `rm_` id; another org's room is 404.",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:read",
  query: sessionListQuery,
  responses: { 200: { description: "OK", schema: sessionPage } },
  errors: ["not_found"],
});
