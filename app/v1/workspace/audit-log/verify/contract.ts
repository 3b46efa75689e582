import { auditChainReportSchema } from "@/lib/audit/verify-audit-chain";
import { defineRoute } from "@/lib/routes/contract";

export const verifyAuditLogContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/audit-log/verify",
  operationId: "verifyAuditLog",
  summary: "Verify the audit log's hash chain (extension)",
  description:
    "Walks the org's hash-chained audit trail and reports whether every entry still matches its hash and links to the one before, and if not, the first entry where the chain breaks. `head` is the newest entry's hash: keep it elsewhere to detect a rewrite of the whole chain.",
  tag: "Workspace",
  auth: "session",
  permission: "audit:verify",
  responses: { 200: { description: "OK", schema: auditChainReportSchema } },
  errors: [],
});
