import { issuedLicenseSchema, issueLicenseBody, licenseRecordSchema } from "@/lib/licenses/license-schema";
import { pageQuery } from "@/lib/pagination";
import { defineRoute } from "@/lib/routes/contract";
import { page } from "@/lib/wire";

const CLOUD_ONLY =
  "Cloud mode only: in `self_host` mode this is 404 (an install reads its licence from its configuration).";

export const listLicensesContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/licenses",
  operationId: "listLicenses",
  summary: "List self-hosted licences (extension)",
  description: `The org's licences, newest first. ${CLOUD_ONLY}`,
  tag: "Licences",
  auth: "session",
  permission: "licenses:manage",
  query: pageQuery,
  responses: { 200: { description: "OK", schema: page(licenseRecordSchema) } },
  errors: ["not_found"],
});

export const issueLicenseContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/licenses",
  operationId: "issueLicense",
  summary: "Issue a self-hosted licence (extension)",
  description: `Signs a licence key naming the org, an expiry and limits; \`key\` is in this answer only. Verify it offline with \`/.well-known/license-keys.json\`. ${CLOUD_ONLY}`,
  tag: "Licences",
  auth: "session",
  permission: "licenses:manage",
  body: issueLicenseBody,
  responses: { 201: { description: "Issued", schema: issuedLicenseSchema } },
  errors: ["not_found"],
  idempotent: true,
});
