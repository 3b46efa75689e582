import { downloadLinkSchema } from "@/lib/recordings/recording-schema";
import { defineRoute } from "@/lib/routes/contract";

export const createDownloadLinkContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/recordings/{id}/download",
  operationId: "createRecordingDownloadLink",
  summary: "Download link for a recording",
  description: "A presigned object-storage URL valid five minutes. No body.",
  tag: "Recordings",
  auth: "session",
  permission: "recordings:download",
  noBody: true,
  responses: { 200: { description: "OK", schema: downloadLinkSchema } },
  errors: ["not_found"],
  idempotent: true,
});
