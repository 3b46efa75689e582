import { licenseStatusSchema } from "@/lib/licenses/license-schema";
import { defineRoute } from "@/lib/routes/contract";

export const getLicenseStatusContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/license",
  operationId: "getLicenseStatus",
  summary: "This installation's licence status (extension)",
  description:
    "`self_host`: the configured licence, its limits and usage, and whether it is valid (an `invalid` licence stops new rooms and room tokens with 402 `license_invalid`). `cloud`: `not_required`. Every role may read it.",
  tag: "Licences",
  auth: "session",
  responses: { 200: { description: "OK", schema: licenseStatusSchema } },
  errors: [],
});
