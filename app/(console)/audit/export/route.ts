import { requireConsoleMember } from "@/app/_lib/console-session";
import { exportAuditCsv } from "@/lib/audit/export-audit-csv";
import { listAuditLogQuery } from "@/lib/audit/list-audit-log";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { ApiError, validationError } from "@/lib/http/errors";
import { problem } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/**
 * The audit log page's "Export CSV": the filtered view as a file (issue 38). A console route, not a
 * /v1 one (every /v1 body is JSON, docs/spec/product-decisions.md §1); the API offers the same rows, paged, as JSON. The
 * session and role are checked as on the page; the org is the session's.
 */
export async function GET(req: Request): Promise<Response> {
  const member = await requireConsoleMember();
  if (!can(member.role, "audit:read")) {
    return problem(new ApiError("forbidden_workspace_role", "The audit log is for Owners and Admins."));
  }
  const params = Object.fromEntries(new URL(req.url).searchParams);
  const parsed = listAuditLogQuery.safeParse({ ...params, limit: undefined, cursor: undefined });
  if (!parsed.success) {
    return problem(
      validationError(
        parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        "These filters cannot be exported.",
      ),
    );
  }
  const { limit: _limit, cursor: _cursor, ...filters } = parsed.data;
  const { csv, rows, truncated } = await exportAuditCsv(await getDb(), member.orgId, filters);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="audit-log-${day}.csv"`,
      "cache-control": "no-store",
      "x-rows": String(rows),
      "x-truncated": String(truncated),
    },
  });
}
