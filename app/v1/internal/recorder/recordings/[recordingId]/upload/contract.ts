import { uploadLinkSchema, uploadRequestBody } from "@/lib/recordings/recorder-schema";
import { defineRoute } from "@/lib/routes/contract";

export const issueRecordingUploadContract = defineRoute({
  method: "POST",
  path: "/v1/internal/recorder/recordings/{recordingId}/upload",
  operationId: "issueRecordingUpload",
  summary: "Upload links for a recording's files (internal)",
  description:
    "Presigned PUTs for the files named (`recording.mp4`, and the HLS rendition's `hls/…` files), each under this recording's own prefix (the service derives the keys) and of exactly the size declared, valid 15 minutes (docs/decisions/1082, 1245). 413 for a file over SVC_RECORDING_UPLOAD_MAX_BYTES; 409 while the recording has not stopped, and once it is completed or failed. `Authorization: Bearer $SVC_RECORDER_SECRET`.",
  tag: "Internal",
  auth: "recorder",
  body: uploadRequestBody,
  responses: { 200: { description: "OK", schema: uploadLinkSchema } },
  errors: ["not_found", "conflict", "payload_too_large"],
});
