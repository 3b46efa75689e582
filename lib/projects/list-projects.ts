import { and, eq } from "drizzle-orm";
import { projects } from "@/db/schema";
import type { Db } from "@/lib/db";
import { afterCursor, newestFirst, toPage } from "@/lib/pagination";
import { serializeProject } from "@/lib/projects/serialize-project";

export async function listProjects(
  db: Db,
  orgId: string,
  q: { limit: number; cursor?: string | undefined; environment?: string | undefined },
) {
  const rows = await db
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.orgId, orgId),
        q.environment ? eq(projects.environment, q.environment) : undefined,
        afterCursor(projects.createdAt, projects.id, q.cursor),
      ),
    )
    .orderBy(...newestFirst(projects.createdAt, projects.id))
    .limit(q.limit + 1);
  return toPage(rows, q.limit, serializeProject);
}
