import { defineRoute } from "@/lib/routes/contract";
import { streamSchema } from "@/lib/streams/stream-schema";

export const stopStreamContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/rooms/{roomId}/streams/{streamId}/stop",
  operationId: "stopStream",
  summary: "Stop a live stream (extension)",
  description:
    "The media plane stops sending; the stream is `ended` and `stream.ended` is emitted; its HLS playlist ends with `#EXT-X-ENDLIST`. 409 `conflict` when it has stopped already; 404 for another org's or room's stream; 503 when the media node does not answer. No body.",
  tag: "Streams",
  auth: "session",
  permission: "streams:manage",
  noBody: true,
  responses: { 200: { description: "The stream, ended", schema: streamSchema } },
  errors: ["not_found", "conflict", "service_unavailable"],
  idempotent: true,
});
