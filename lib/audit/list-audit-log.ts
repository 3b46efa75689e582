import { eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import { auditLog } from "@/db/schema";
import { AUDIT_ACTIONS } from "@/lib/audit/audit-actions";
import type { AuditEntryDto } from "@/lib/audit/audit-schema";
import type { DbOrTx } from "@/lib/db";
import { listNewestFirst, pageQuery } from "@/lib/pagination";

export const listAuditLogQuery = pageQuery.extend({
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` }).optional(),
});
export type ListAuditLogQuery = z.output<typeof listAuditLogQuery>;

export function serializeAuditEntry(r: typeof auditLog.$inferSelect): AuditEntryDto {
  return {
    id: r.id,
    action: r.action,
    actor: { type: r.actorType, id: r.actorId, label: r.actorLabel },
    target: r.targetType && r.targetId ? { type: r.targetType, id: r.targetId } : null,
    ip: r.ip,
    user_agent: r.userAgent,
    request_id: r.requestId,
    metadata: (r.metadata ?? {}) as Record<string, unknown>,
    created_at: r.createdAt.toISOString(),
  };
}

/** One org's trail, newest first, keyset-paginated like every list. */
export async function listAuditLog(
  db: DbOrTx,
  orgId: string,
  q: ListAuditLogQuery,
): Promise<{ items: AuditEntryDto[]; next_cursor: string | null }> {
  // audit_log_org_created_idx: the org's trail, newest first.
  return listNewestFirst(
    db,
    auditLog,
    [eq(auditLog.orgId, orgId), q.action ? eq(auditLog.action, q.action) : undefined],
    q,
    serializeAuditEntry,
    getTableColumns(auditLog),
  );
}
