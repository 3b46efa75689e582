import { licenseRecordSchema } from "@/lib/licenses/license-schema";
import { defineRoute } from "@/lib/routes/contract";

export const revokeLicenseContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/licenses/{id}/revoke",
  operationId: "revokeLicense",
  summary: "Revoke a self-hosted licence (extension)",
  description:
    "Permanent. The licence is on the next revocation list (`/.well-known/license-revocations.json`); the install stops new rooms and room tokens at its next check. Revoking again is 409 `conflict`; another org's licence is 404. Cloud mode only.",
  tag: "Licences",
  auth: "session",
  permission: "licenses:manage",
  noBody: true,
  responses: { 200: { description: "Revoked", schema: licenseRecordSchema } },
  errors: ["not_found", "conflict"],
  idempotent: true,
});
