import { uploadLinkSchema } from "@/lib/recordings/recorder-schema";
import { defineRoute } from "@/lib/routes/contract";

export const issueRecordingUploadContract = defineRoute({
  method: "POST",
  path: "/v1/internal/recorder/recordings/{recordingId}/upload",
  operationId: "issueRecordingUpload",
  summary: "An upload link for a recording's file (internal)",
  description:
    "A presigned PUT for this recording's object key only, valid 15 minutes (docs/decisions/1082). 409 while the recording has not stopped, and once it is completed or failed. `Authorization: Bearer $SVC_RECORDER_SECRET`. No body.",
  tag: "Internal",
  auth: "recorder",
  noBody: true,
  responses: { 200: { description: "OK", schema: uploadLinkSchema } },
  errors: ["not_found", "conflict"],
});
