import type { Db } from "@/lib/db";
import { findProject } from "@/lib/projects/find-project";
import type { ProjectDto } from "@/lib/projects/project-response-schema";
import { serializeProject } from "@/lib/projects/serialize-project";

/** GET /v1/workspace/projects/:id. */
export async function getProject(db: Db, orgId: string, projectId: string): Promise<ProjectDto> {
  return serializeProject(await findProject(db, orgId, projectId));
}
