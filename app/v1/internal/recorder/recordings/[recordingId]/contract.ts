import { agentRecordingSchema } from "@/lib/recordings/recorder-schema";
import { defineRoute } from "@/lib/routes/contract";

export const getAgentRecordingContract = defineRoute({
  method: "GET",
  path: "/v1/internal/recorder/recordings/{recordingId}",
  operationId: "getAgentRecording",
  summary: "A recording as its recording agent needs it (internal)",
  description:
    "For the recording agent beside a media node (`npm run media:recorder`, docs/recordings.md): whether the recording has stopped, and where its file goes. `Authorization: Bearer $SVC_RECORDER_SECRET`.",
  tag: "Internal",
  auth: "recorder",
  responses: { 200: { description: "OK", schema: agentRecordingSchema } },
  errors: ["not_found"],
});
