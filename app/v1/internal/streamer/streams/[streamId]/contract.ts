import { defineRoute } from "@/lib/routes/contract";
import { agentStreamSchema } from "@/lib/streams/streamer-schema";

export const getAgentStreamContract = defineRoute({
  method: "GET",
  path: "/v1/internal/streamer/streams/{streamId}",
  operationId: "getAgentStream",
  summary: "A stream as its streamer agent sees it (internal)",
  description:
    "`over` says the agent must stop (a stop, the room ended, or every output failed). `Authorization: Bearer $SVC_RECORDER_SECRET`.",
  tag: "Internal",
  auth: "recorder",
  responses: { 200: { description: "OK", schema: agentStreamSchema } },
  errors: ["not_found"],
});
