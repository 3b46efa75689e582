import { recordingSchema } from "@/lib/recordings/recording-schema";
import { defineRoute } from "@/lib/routes/contract";

export const stopRecordingContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/rooms/{roomId}/recordings/{recordingId}/stop",
  operationId: "stopRecording",
  summary: "Stop recording a room (extension)",
  description:
    "Asks the media plane to stop; the file is then processed and `recording.completed` and `recording.ready` (or `recording.failed`) follow. 404 for a recording of another org or room; 409 `conflict` when it has stopped already; 503 when the media node does not answer. No body.",
  tag: "Recordings",
  auth: "session",
  permission: "recordings:record",
  noBody: true,
  responses: { 200: { description: "The recording, stopping", schema: recordingSchema } },
  errors: ["not_found", "conflict", "service_unavailable"],
  idempotent: true,
});
