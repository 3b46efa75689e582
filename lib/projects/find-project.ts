import { and, eq } from "drizzle-orm";
import { projects } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

export const projectNotFound = () => new ApiError("not_found", "No such project in this organisation.");

/** A project of the org by id (primary key, org in the WHERE), or 404; `lock` holds it for a change. */
export async function findProject(
  db: DbOrTx,
  orgId: string,
  projectId: string,
  opts: { lock?: boolean } = {},
): Promise<typeof projects.$inferSelect> {
  const q = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.orgId, orgId)))
    .limit(1);
  const [row] = opts.lock ? await q.for("update") : await q;
  if (!row) throw projectNotFound();
  return row;
}
