import { z } from "zod";
import { defineRoute } from "@/lib/routes/contract";
import { streamUploadBody } from "@/lib/streams/streamer-schema";

export const issueStreamUploadContract = defineRoute({
  method: "POST",
  path: "/v1/internal/streamer/streams/{streamId}/upload",
  operationId: "issueStreamUpload",
  summary: "Upload links for a stream's HLS files (internal)",
  description:
    "Presigned PUTs (5 minutes) for the playlist and segments named, under the stream's own prefix (the service derives the keys), of exactly the size declared. 409 once the stream ended more than two minutes ago, or its HLS output failed. `Authorization: Bearer $SVC_RECORDER_SECRET`.",
  tag: "Internal",
  auth: "recorder",
  body: streamUploadBody,
  responses: {
    200: {
      description: "OK",
      schema: z
        .object({
          uploads: z.array(z.object({ name: z.string(), upload_url: z.string(), content_type: z.string() })),
        })
        .meta({ id: "StreamUploadLinks" }),
    },
  },
  errors: ["not_found", "conflict", "payload_too_large"],
});
