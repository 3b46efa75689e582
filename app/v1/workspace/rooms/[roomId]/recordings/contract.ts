import { recordingSchema } from "@/lib/recordings/recording-schema";
import { defineRoute } from "@/lib/routes/contract";

export const startRecordingContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/rooms/{roomId}/recordings",
  operationId: "startRecording",
  summary: "Start recording a room (extension)",
  description:
    "Asks the room's media plane to record it. 201 with the recording in state `recording`; `recording.started` is emitted when the media plane confirms (docs/decisions/1080), then `recording.completed` and `recording.ready` when the file is stored. 409 `conflict` when the room is not active, records `off`, has no media plane, or is already being recorded; 503 when its media node does not answer. No body.",
  tag: "Recordings",
  auth: "session",
  permission: "recordings:record",
  planGate: true,
  noBody: true,
  responses: { 201: { description: "Recording requested", schema: recordingSchema } },
  errors: ["not_found", "conflict", "service_unavailable", "quota_exceeded"],
  idempotent: true,
});
