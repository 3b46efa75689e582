import { revocationListSchema } from "@/lib/licenses/license-schema";
import { defineRoute } from "@/lib/routes/contract";

export const getLicenseRevocationsContract = defineRoute({
  method: "GET",
  path: "/.well-known/license-revocations.json",
  operationId: "getLicenseRevocations",
  summary: "Signed licence revocation list",
  description:
    "Every revoked licence not yet expired, in a JWT signed by a key of `/.well-known/license-keys.json`. Self-hosted installs configured with SVC_LICENSE_ISSUER_URL poll it. Cacheable for a minute. Cloud mode only (404 in `self_host`).",
  tag: "Licences",
  auth: "none",
  responses: { 200: { description: "OK", schema: revocationListSchema } },
  errors: ["not_found"],
});
