import { listAuditLog, listAuditLogQuery } from "@/lib/audit/list-audit-log";
import { methods, workspace } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** Extension: the org's audit trail, for Owners and Admins (docs/decisions/0602). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: workspace("audit:read", async ({ req, db, member }) =>
    json(200, await listAuditLog(db, member.orgId, parseQuery(req, listAuditLogQuery))),
  ),
});
