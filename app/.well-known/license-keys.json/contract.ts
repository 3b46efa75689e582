import { licenseKeysSchema } from "@/lib/licenses/license-schema";
import { defineRoute } from "@/lib/routes/contract";

export const getLicenseKeysContract = defineRoute({
  method: "GET",
  path: "/.well-known/license-keys.json",
  operationId: "getLicenseKeys",
  summary: "Licence public keys (JWKS)",
  description:
    "The keys that sign self-hosted licences and the revocation list; a self-hosted install is configured with them (SVC_LICENSE_PUBLIC_KEY) and verifies offline. Cloud mode only (404 in `self_host`).",
  tag: "Licences",
  auth: "none",
  responses: { 200: { description: "OK", schema: licenseKeysSchema } },
  errors: ["not_found"],
});
