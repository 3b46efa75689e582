import { auditEntrySchema } from "@/lib/audit/audit-schema";
import { listAuditLogQuery } from "@/lib/audit/list-audit-log";
import { defineRoute } from "@/lib/routes/contract";
import { page } from "@/lib/wire";

export const listAuditLogContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/audit-log",
  operationId: "listAuditLog",
  summary: "Audit log (extension)",
  description:
    "The org's append-only audit trail, newest first: keys minted, rotated and revoked; webhooks created, changed, deleted and their secrets rotated; plan selections; sign-ins. Who, when, what and from where.",
  tag: "Workspace",
  auth: "session",
  permission: "audit:read",
  query: listAuditLogQuery,
  responses: { 200: { description: "OK", schema: page(auditEntrySchema) } },
  errors: [],
});
