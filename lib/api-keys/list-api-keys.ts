import { and, desc, eq } from "drizzle-orm";
import { apiKeys, projects } from "@/db/schema";
import type { ApiKeyDto } from "@/lib/api-keys/api-key-schema";
import { API_KEYS_LIST_MAX } from "@/lib/api-keys/list-cap";
import { serializeApiKey } from "@/lib/api-keys/serialize-api-key";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { ProjectDto } from "@/lib/projects/project-response-schema";
import { serializeProject } from "@/lib/projects/serialize-project";

/** A project holds a handful of keys; the list is bounded all the same. */
export const LIST_MAX = API_KEYS_LIST_MAX;

/** A project of the caller's org with its keys, newest first, revoked ones included. */
export async function projectWithKeys(
  db: Db,
  scope: { orgId: string; projectId: string },
): Promise<{ project: ProjectDto; items: ApiKeyDto[] }> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, scope.projectId), eq(projects.orgId, scope.orgId)))
    .limit(1);
  if (!project) throw new ApiError("not_found", "No such project in this organisation.");
  const rows = await db
    .select()
    .from(apiKeys)
    // Served by api_keys_project_idx (project_id, created_at desc).
    .where(and(eq(apiKeys.projectId, project.id), eq(apiKeys.orgId, scope.orgId)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(LIST_MAX);
  return { project: serializeProject(project), items: rows.map(serializeApiKey) };
}

/** The extension endpoint's answer: `items` only, never a secret or its hash. */
export async function listApiKeys(
  db: Db,
  scope: { orgId: string; projectId: string },
): Promise<{ items: ApiKeyDto[] }> {
  return { items: (await projectWithKeys(db, scope)).items };
}
