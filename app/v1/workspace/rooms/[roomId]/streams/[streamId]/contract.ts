import { defineRoute } from "@/lib/routes/contract";
import { streamSchema } from "@/lib/streams/stream-schema";

export const getStreamContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/rooms/{roomId}/streams/{streamId}",
  operationId: "getStream",
  summary: "Get a live stream (extension)",
  description: "404 for a stream of another org or another room.",
  tag: "Streams",
  auth: "session",
  permission: "streams:manage",
  responses: { 200: { description: "OK", schema: streamSchema } },
  errors: ["not_found"],
});
