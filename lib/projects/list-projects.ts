import { eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import { projects } from "@/db/schema";
import type { Db } from "@/lib/db";
import { listNewestFirst, pageQuery } from "@/lib/pagination";
import { ENVIRONMENTS } from "@/lib/projects/project-schema";
import { serializeProject } from "@/lib/projects/serialize-project";

/** Query of GET /v1/workspace/projects (the OpenAPI document reads the same schema). */
export const listProjectsQuery = pageQuery.extend({ environment: z.enum(ENVIRONMENTS).optional() });

export async function listProjects(db: Db, orgId: string, q: z.output<typeof listProjectsQuery>) {
  // projects_org_created_idx: the org's projects, newest first.
  const filters = [
    eq(projects.orgId, orgId),
    q.environment ? eq(projects.environment, q.environment) : undefined,
  ];
  return listNewestFirst(db, projects, filters, q, serializeProject, getTableColumns(projects));
}
