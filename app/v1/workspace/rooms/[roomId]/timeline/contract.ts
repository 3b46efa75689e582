import { liveListQuery, timelineEntrySchema } from "@/lib/media/live-schema";
import { defineRoute } from "@/lib/routes/contract";
import { page } from "@/lib/wire";

export const listTimelineContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/rooms/{roomId}/timeline",
  operationId: "listRoomTimeline",
  summary: "A room's timeline (extension)",
  description:
    "What happened in the room, newest first: joins, leaves, recordings, quality alerts and the end as the media plane reported them, and the room's creation last. `roomId` is the room's `rm_` id.",
  tag: "Rooms",
  auth: "session",
  permission: "rooms:read",
  query: liveListQuery,
  responses: { 200: { description: "OK", schema: page(timelineEntrySchema) } },
  errors: ["not_found"],
});
