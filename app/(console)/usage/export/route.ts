import { requireConsoleMember } from "@/app/_lib/console-session";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { ApiError, validationError } from "@/lib/http/errors";
import { problem } from "@/lib/http/response";
import { readUsage } from "@/lib/usage/read-usage";
import { usageCsv } from "@/lib/usage/usage-csv";
import { usageQuery } from "@/lib/usage/usage-schema";

export const dynamic = "force-dynamic";

/**
 * The Usage page's "Export CSV": its range as a file, one row per period and a column per metric.
 * A console route, not a /v1 one (every /v1 body is JSON); the API answers the same figures as
 * JSON. Session and role as on the page; the org is the session's.
 */
export async function GET(req: Request): Promise<Response> {
  const member = await requireConsoleMember();
  if (!can(member.role, "usage:read")) {
    return problem(
      new ApiError("forbidden_workspace_role", "Usage is for Owners, Admins, Developers and Billing."),
    );
  }
  const params = Object.fromEntries(new URL(req.url).searchParams);
  const parsed = usageQuery.safeParse(params);
  if (!parsed.success) {
    return problem(
      validationError(
        parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        "This range cannot be exported.",
      ),
    );
  }
  try {
    const usage = await readUsage(await getDb(), member.orgId, parsed.data);
    return new Response(usageCsv(usage), {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="usage-${usage.from}-to-${usage.to}.csv"`,
        "cache-control": "no-store",
      },
    });
  } catch (err) {
    if (err instanceof ApiError) return problem(err);
    throw err;
  }
}
