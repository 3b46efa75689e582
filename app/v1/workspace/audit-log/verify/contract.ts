import { auditChainReportSchema } from "@/lib/audit/verify-audit-chain";
import { defineRoute } from "@/lib/routes/contract";

export const verifyAuditLogContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/audit-log/verify",
  operationId: "verifyAuditLog",
  summary: "Verify the audit log's hash chain (extension)",
  description:
    "Walks the org's hash-chained audit trail and reports whether every entry still matches its hash, links to the one before and is not dated before it, whether a pruned prefix is vouched for by a sealed checkpoint and prune entry, and whether the chain still holds the sealed head last anchored in object storage (docs/decisions/1050, 1051); if not, the first place where it breaks. `head.seal` is an HMAC of the newest entry with a key the database does not hold: keep it elsewhere to detect a later rewrite of the whole chain.",
  tag: "Workspace",
  auth: "session",
  permission: "audit:verify",
  responses: { 200: { description: "OK", schema: auditChainReportSchema } },
  errors: [],
});
