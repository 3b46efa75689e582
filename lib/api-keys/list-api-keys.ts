import { and, desc, eq } from "drizzle-orm";
import { apiKeys, projects } from "@/db/schema";
import { type ApiKeyDto, serializeApiKey } from "@/lib/api-keys/serialize-api-key";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

export const LIST_MAX = 500;

/** A project's keys, newest first, revoked ones included (the console shows their state). */
export async function listApiKeys(
  db: Db,
  scope: { orgId: string; projectId: string },
): Promise<{ items: ApiKeyDto[] }> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, scope.projectId), eq(projects.orgId, scope.orgId)))
    .limit(1);
  if (!project) throw new ApiError("not_found", "No such project in this organisation.");
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, project.id), eq(apiKeys.orgId, scope.orgId)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(LIST_MAX);
  return { items: rows.map(serializeApiKey) };
}
