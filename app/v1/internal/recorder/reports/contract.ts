import { acceptedSchema } from "@/lib/media/media-report-schema";
import { agentReportBody } from "@/lib/recordings/recorder-schema";
import { defineRoute } from "@/lib/routes/contract";

export const ingestAgentReportContract = defineRoute({
  method: "POST",
  path: "/v1/internal/recorder/reports",
  operationId: "ingestAgentReport",
  summary: "A recording agent's report (internal)",
  description:
    "`recording.started` (the media plane wrote the first media), `recording.completed` (the file is uploaded: duration and size; the service checks the stored size), `recording.ready`, or `recording.failed` with a reason (docs/decisions/1082). A repeated report id is accepted and changes nothing. 409 when the stored file is missing or of another size. `Authorization: Bearer $SVC_RECORDER_SECRET`.",
  tag: "Internal",
  auth: "recorder",
  body: agentReportBody,
  responses: { 202: { description: "Accepted (also for a repeated report id)", schema: acceptedSchema } },
  errors: ["not_found", "conflict"],
});
