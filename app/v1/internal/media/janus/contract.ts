import { janusEventsAnswer, janusEventsBody } from "@/lib/media/janus/janus-events";
import { defineRoute } from "@/lib/routes/contract";

export const janusEventsContract = defineRoute({
  method: "POST",
  path: "/v1/internal/media/janus",
  operationId: "ingestJanusEvents",
  summary: "Janus event handler (internal)",
  description:
    "Janus's sample HTTP event handler posts here (`backend`, with `backend_pwd` = `JANUS_EVENTS_SECRET`): one event or an array of up to 100. VideoRoom joins and leaves move rooms and emit `participant.left` and `room.ended`; media statistics over the documented thresholds emit `qos.alert` (docs/media-plane.md). Events of other types, for unknown rooms, or repeated change nothing.",
  tag: "Internal",
  auth: "media_events",
  body: janusEventsBody,
  responses: { 202: { description: "Accepted", schema: janusEventsAnswer } },
  errors: [],
});
