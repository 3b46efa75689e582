import { listAuditLog } from "@/lib/audit/list-audit-log";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { listAuditLogContract } from "./contract";

export const dynamic = "force-dynamic";

/** Extension: the org's audit trail, for Owners and Admins (docs/decisions/0602). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listAuditLogContract)(async ({ db, member, query }) => ({
    status: 200,
    body: await listAuditLog(db, member.orgId, query),
  })),
});
