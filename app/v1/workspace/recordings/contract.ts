import { listRecordingsQuery, recordingSchema } from "@/lib/recordings/recording-schema";
import { defineRoute } from "@/lib/routes/contract";
import { itemsOnly } from "@/lib/wire";

export const listRecordingsContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/recordings",
  operationId: "listRecordings",
  summary: "List recordings",
  description:
    "Completed recordings, newest first, at most 1,000 per answer. To reach older ones pass `until` = the last item's `started_at`; a page never ends in the middle of an instant, so nothing is skipped or repeated.",
  tag: "Recordings",
  auth: "session",
  permission: "recordings:read",
  query: listRecordingsQuery,
  responses: { 200: { description: "OK", schema: itemsOnly(recordingSchema) } },
  errors: [],
});
