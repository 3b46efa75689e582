import { acceptedSchema, mediaReportBody } from "@/lib/media/media-report-schema";
import { defineRoute } from "@/lib/routes/contract";

export const ingestMediaReportContract = defineRoute({
  method: "POST",
  path: "/v1/internal/media-events",
  operationId: "ingestMediaReport",
  summary: "Media-plane lifecycle report (internal)",
  description:
    "Authenticated with `Authorization: Bearer $SVC_MEDIA_INGEST_SECRET`. A repeated report id changes nothing.",
  tag: "Internal",
  auth: "media_secret",
  body: mediaReportBody,
  responses: { 202: { description: "Accepted (also for a repeated report id)", schema: acceptedSchema } },
  errors: ["not_found"],
  idempotent: true,
});
