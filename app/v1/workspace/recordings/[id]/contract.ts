import { recordingSchema } from "@/lib/recordings/recording-schema";
import { defineRoute } from "@/lib/routes/contract";

export const getRecordingContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/recordings/{id}",
  operationId: "getRecording",
  summary: "Get a recording (extension)",
  description: "A completed recording; one still running or failed is 404, as it is absent from the list.",
  tag: "Recordings",
  auth: "session",
  permission: "recordings:read",
  responses: { 200: { description: "OK", schema: recordingSchema } },
  errors: ["not_found"],
});

export const deleteRecordingContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/recordings/{id}",
  operationId: "deleteRecording",
  summary: "Delete a recording (extension)",
  description:
    "The recording is no longer listed and its stored object is deleted, so a download link minted before stops working. Should storage be unreachable, the deletion is retried by a background job.",
  tag: "Recordings",
  auth: "session",
  permission: "recordings:delete",
  responses: { 204: { description: "Deleted" } },
  errors: ["not_found"],
});
