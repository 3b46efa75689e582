import { and, eq } from "drizzle-orm";
import { licenses } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { requireCloudMode } from "@/lib/licenses/issue-license";
import type { LicenseRecord } from "@/lib/licenses/license-schema";
import { serializeLicense } from "@/lib/licenses/serialize-license";
import { afterCursor, newestFirst, toPage } from "@/lib/pagination";

/** The org's licences, newest first, keyset-paginated (index licenses_org_idx). */
export async function listLicenses(
  db: DbOrTx,
  orgId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ items: LicenseRecord[]; next_cursor: string | null }> {
  requireCloudMode();
  const rows = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.orgId, orgId), afterCursor(licenses.createdAt, licenses.id, query.cursor)))
    .orderBy(...newestFirst(licenses.createdAt, licenses.id))
    .limit(query.limit + 1);
  const now = new Date();
  return toPage(rows, query.limit, (r) => serializeLicense(r, now));
}

/** One licence of the org; another org's (or an unknown id) is 404. */
export async function getLicense(db: DbOrTx, orgId: string, id: string): Promise<LicenseRecord> {
  requireCloudMode();
  const [row] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, id), eq(licenses.orgId, orgId)))
    .limit(1);
  if (!row) throw new ApiError("not_found", "No such licence in this organisation.");
  return serializeLicense(row);
}
