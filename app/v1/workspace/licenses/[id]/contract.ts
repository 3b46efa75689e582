import { licenseRecordSchema } from "@/lib/licenses/license-schema";
import { defineRoute } from "@/lib/routes/contract";

export const getLicenseContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/licenses/{id}",
  operationId: "getLicense",
  summary: "Get a self-hosted licence (extension)",
  description: "Its key is never shown again. Another org's licence is 404. Cloud mode only.",
  tag: "Licences",
  auth: "session",
  permission: "licenses:manage",
  responses: { 200: { description: "OK", schema: licenseRecordSchema } },
  errors: ["not_found"],
});
