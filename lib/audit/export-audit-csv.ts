import type { AuditEntryDto } from "@/lib/audit/audit-schema";
import { type ListAuditLogQuery, listAuditLog } from "@/lib/audit/list-audit-log";
import type { DbOrTx } from "@/lib/db";

/** Rows one export holds at most; a wider view is narrowed by date (the file says so). */
export const AUDIT_EXPORT_MAX = 10_000;

const COLUMNS = [
  "created_at",
  "action",
  "actor_type",
  "actor_id",
  "actor",
  "target_type",
  "target_id",
  "ip",
  "user_agent",
  "request_id",
  "metadata",
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is prefixed with `'` (OWASP's advice on
 * CSV injection): entries carry text people typed (names, user agents).
 */
export function csvCell(value: string | null | undefined): string {
  let v = value ?? "";
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function row(e: AuditEntryDto): string {
  return [
    e.created_at,
    e.action,
    e.actor.type,
    e.actor.id,
    e.actor.label,
    e.target?.type,
    e.target?.id,
    e.ip,
    e.user_agent,
    e.request_id,
    JSON.stringify(e.metadata),
  ]
    .map(csvCell)
    .join(",");
}

/**
 * The audit log's filtered view as CSV, newest first, read page by page through the same query as
 * the list (lib/audit/list-audit-log.ts), so the file is exactly what the filters show. Bounded by
 * AUDIT_EXPORT_MAX; `truncated` says whether more matched.
 */
export async function exportAuditCsv(
  db: DbOrTx,
  orgId: string,
  filters: Omit<ListAuditLogQuery, "limit" | "cursor">,
  max = AUDIT_EXPORT_MAX,
): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const lines: string[] = [COLUMNS.join(",")];
  let cursor: string | undefined;
  let rows = 0;
  for (;;) {
    const page = await listAuditLog(db, orgId, { ...filters, limit: Math.min(200, max - rows), cursor });
    for (const e of page.items) lines.push(row(e));
    rows += page.items.length;
    if (!page.next_cursor) return { csv: `${lines.join("\r\n")}\r\n`, rows, truncated: false };
    if (rows >= max) return { csv: `${lines.join("\r\n")}\r\n`, rows, truncated: true };
    cursor = page.next_cursor;
  }
}
