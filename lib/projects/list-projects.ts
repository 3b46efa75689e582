import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { projects } from "@/db/schema";
import type { Db } from "@/lib/db";
import { afterCursor, newestFirst, pageQuery, toPage } from "@/lib/pagination";
import { ENVIRONMENTS } from "@/lib/projects/project-schema";
import { serializeProject } from "@/lib/projects/serialize-project";

/** Query of GET /v1/workspace/projects (the OpenAPI document reads the same schema). */
export const listProjectsQuery = pageQuery.extend({ environment: z.enum(ENVIRONMENTS).optional() });

export async function listProjects(db: Db, orgId: string, q: z.output<typeof listProjectsQuery>) {
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
