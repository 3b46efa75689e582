import { eq, getTableColumns, gte, lt } from "drizzle-orm";
import { z } from "zod";
import { auditLog } from "@/db/schema";
import { ACTOR_TYPES, AUDIT_ACTIONS } from "@/lib/audit/audit-actions";
import type { AuditEntryDto } from "@/lib/audit/audit-schema";
import type { DbOrTx } from "@/lib/db";
import { countUpTo, listNewestFirst, pageQuery } from "@/lib/pagination";

const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO 8601 instant, e.g. 2026-11-22T10:00:00Z` })
    .optional();

export const listAuditLogQuery = pageQuery.extend({
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` }).optional(),
  since: instant("since").meta({ description: "Entries at or after this instant." }),
  until: instant("until").meta({ description: "Entries before this instant (exclusive)." }),
  actor_type: z
    .enum(ACTOR_TYPES, { error: `actor_type must be one of ${ACTOR_TYPES.join(", ")}` })
    .optional()
    .meta({ description: "`user`, `api_key`, or `system` (the service itself, e.g. endpoint health)." }),
  actor_id: z.string().min(1).max(128, "actor_id must be at most 128 characters").optional().meta({
    description: "One actor: a member's `usr_` id, an API key's `key_` id, or a system actor's id.",
  }),
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
  return listNewestFirst(
    db,
    auditLog,
    auditFilters(orgId, q),
    q,
    serializeAuditEntry,
    getTableColumns(auditLog),
  );
}

/** How many entries a filtered view holds, every page together (capped): the console's "of 66". */
export function countAuditLog(db: DbOrTx, orgId: string, q: Omit<ListAuditLogQuery, "limit" | "cursor">) {
  return countUpTo(db, auditLog, auditFilters(orgId, q));
}

/**
 * The WHERE of a filtered view, shared by the list and the CSV export. audit_log_org_created_idx
 * serves the org's trail and a date range; with an action or an actor, the indexes that start with
 * (org, action) and (org, actor) (migration 0021).
 */
export function auditFilters(orgId: string, q: Omit<ListAuditLogQuery, "limit" | "cursor">) {
  return [
    eq(auditLog.orgId, orgId),
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.actor_type ? eq(auditLog.actorType, q.actor_type) : undefined,
    q.actor_id ? eq(auditLog.actorId, q.actor_id) : undefined,
    q.since ? gte(auditLog.createdAt, new Date(q.since)) : undefined,
    q.until ? lt(auditLog.createdAt, new Date(q.until)) : undefined,
  ];
}
