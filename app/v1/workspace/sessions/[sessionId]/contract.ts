import { defineRoute } from "@/lib/routes/contract";
import { sessionSchema } from "@/lib/usage/session-schema";

export const getRoomSessionContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/sessions/{sessionId}",
  operationId: "getRoomSession",
  summary: "One room session (extension)",
  description:
    "A room session (`rses_` id, from GET rooms/{roomId}/sessions) with its participants in order of first join: identity, display name, role, first join and last leave, time present, each join–leave span, time from room token to join, and a quality summary (round trip, loss, video bitrate: p50 and p95 of the media plane's samples) per participant and for the session. Another org's session is 404.",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:read",
  responses: { 200: { description: "OK", schema: sessionSchema } },
  errors: ["not_found"],
});
