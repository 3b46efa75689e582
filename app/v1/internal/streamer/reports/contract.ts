import { acceptedSchema } from "@/lib/media/media-report-schema";
import { defineRoute } from "@/lib/routes/contract";
import { streamerReportBody } from "@/lib/streams/streamer-schema";

export const ingestStreamerReportContract = defineRoute({
  method: "POST",
  path: "/v1/internal/streamer/reports",
  operationId: "ingestStreamerReport",
  summary: "A streamer agent's report (internal)",
  description:
    "`stream.started` (media reaches the outputs), `stream.failed` with the output's index and a reason (that output is not retried), or `stream.ended` (the media ended on the node). Each applies from one state only, so a repeated report changes nothing. `Authorization: Bearer $SVC_RECORDER_SECRET` (docs/streaming.md).",
  tag: "Internal",
  auth: "recorder",
  body: streamerReportBody,
  responses: { 202: { description: "Accepted (also for a repeated report)", schema: acceptedSchema } },
  errors: ["not_found"],
});
