import { and, desc, eq, getTableColumns, ilike, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { apiKeys, projects } from "@/db/schema";
import type { ApiKeyDto } from "@/lib/api-keys/api-key-schema";
import { API_KEYS_LIST_MAX } from "@/lib/api-keys/list-cap";
import { serializeApiKey } from "@/lib/api-keys/serialize-api-key";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { containsPattern, countUpTo, listNewestFirst } from "@/lib/pagination";
import type { ProjectDto } from "@/lib/projects/project-response-schema";
import { serializeProject } from "@/lib/projects/serialize-project";

/** A project holds a handful of keys; the list is bounded all the same. */
export const LIST_MAX = API_KEYS_LIST_MAX;

/** Query of GET /v1/workspace/projects/{projectId}/api-keys (issue 49: the key list is searchable). */
export const listApiKeysQuery = z.object({
  q: z.string().trim().max(200, "q must be at most 200 characters").optional().meta({
    description: "Search: keys whose name or prefix contains it, any case.",
  }),
});

type Scope = { orgId: string; projectId: string };

/**
 * The list's filters; its count uses the very same ones. Org and project in the WHERE clause:
 * api_keys_project_idx (project_id, created_at desc) serves both the page and the count.
 */
function keyFilters(scope: Scope, q: string | undefined): (SQL | undefined)[] {
  const pattern = q ? containsPattern(q) : undefined;
  return [
    eq(apiKeys.projectId, scope.projectId),
    eq(apiKeys.orgId, scope.orgId),
    pattern ? or(ilike(apiKeys.name, pattern), ilike(apiKeys.prefix, pattern)) : undefined,
  ];
}

/** The project of the caller's org, or 404. */
async function orgProject(db: Db, scope: Scope): Promise<ProjectDto> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, scope.projectId), eq(projects.orgId, scope.orgId)))
    .limit(1);
  if (!project) throw new ApiError("not_found", "No such project in this organisation.");
  return serializeProject(project);
}

/** A project of the caller's org with its keys, newest first, revoked ones included. */
export async function projectWithKeys(
  db: Db,
  scope: Scope,
  q?: string,
): Promise<{ project: ProjectDto; items: ApiKeyDto[] }> {
  const project = await orgProject(db, scope);
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(...keyFilters(scope, q)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(LIST_MAX);
  return { project, items: rows.map(serializeApiKey) };
}

/**
 * The console's page of a project's keys (issue 49): the one keyset scheme (lib/pagination.ts),
 * searched by name or prefix, with the count of every match ("25 of 66 keys").
 */
export async function projectKeysPage(
  db: Db,
  scope: Scope,
  q: { limit: number; cursor?: string | undefined; q?: string | undefined },
): Promise<{ project: ProjectDto; items: ApiKeyDto[]; next_cursor: string | null; total: number }> {
  const project = await orgProject(db, scope);
  const filters = keyFilters(scope, q.q);
  const [page, total] = await Promise.all([
    listNewestFirst(db, apiKeys, filters, q, serializeApiKey, getTableColumns(apiKeys)).catch(() =>
      // A hand-edited cursor starts over from the newest key.
      listNewestFirst(db, apiKeys, filters, { limit: q.limit }, serializeApiKey, getTableColumns(apiKeys)),
    ),
    countUpTo(db, apiKeys, filters),
  ]);
  return { project, ...page, total };
}

/** The extension endpoint's answer: `items` only, never a secret or its hash. */
export async function listApiKeys(db: Db, scope: Scope, q?: string): Promise<{ items: ApiKeyDto[] }> {
  return { items: (await projectWithKeys(db, scope, q)).items };
}
