import { and, eq, getTableColumns, ilike, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { projects } from "@/db/schema";
import type { Db } from "@/lib/db";
import { containsPattern, countUpTo, listNewestFirst, pageQuery } from "@/lib/pagination";
import { ENVIRONMENTS } from "@/lib/projects/project-schema";
import { serializeProject } from "@/lib/projects/serialize-project";

/** Query of GET /v1/workspace/projects (the OpenAPI document reads the same schema). */
export const listProjectsQuery = pageQuery.extend({
  environment: z.enum(ENVIRONMENTS).optional(),
  q: z.string().trim().max(200, "q must be at most 200 characters").optional().meta({
    description: "Search: projects whose name or slug contains it, any case (issue 49).",
  }),
});

type ProjectFilters = Pick<z.output<typeof listProjectsQuery>, "environment" | "q">;

/**
 * The list's filters; its count (the console's "25 of 66") uses the very same ones. The org's
 * rows come from projects_org_created_idx; the search filters them (an org holds a bounded
 * number of projects, lib/limits/org-limits.ts), like the members search.
 */
function projectFilters(orgId: string, q: ProjectFilters, only?: string | null): (SQL | undefined)[] {
  const pattern = q.q ? containsPattern(q.q) : undefined;
  return [
    eq(projects.orgId, orgId),
    only ? eq(projects.id, only) : undefined,
    q.environment ? eq(projects.environment, q.environment) : undefined,
    pattern ? or(ilike(projects.name, pattern), ilike(projects.slug, pattern)) : undefined,
  ];
}

/** `only`: a workspace key scoped to one project sees that project alone (docs/decisions/1290). */
export async function listProjects(
  db: Db,
  orgId: string,
  q: z.output<typeof listProjectsQuery>,
  only?: string | null,
) {
  // projects_org_created_idx: the org's projects, newest first.
  return listNewestFirst(
    db,
    projects,
    projectFilters(orgId, q, only),
    q,
    serializeProject,
    getTableColumns(projects),
  );
}

/** How many projects the list's filters match (capped: lib/pagination.ts `countUpTo`). */
export function countProjects(db: Db, orgId: string, q: ProjectFilters): Promise<number> {
  return countUpTo(db, projects, [and(...projectFilters(orgId, q))]);
}
