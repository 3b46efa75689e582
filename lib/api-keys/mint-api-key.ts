import { and, eq } from "drizzle-orm";
import { apiKeys, projects } from "@/db/schema";
import type { MintApiKeyInput, MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { displayPrefix, newKeySecret, projectKey } from "@/lib/api-keys/key-format";
import { sha256Hex } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { assertBelowOrgLimit } from "@/lib/limits/org-limits";

/** Endpoint 10: a key of one project of the caller's org; another org's project is 404. */
export async function mintApiKey(
  db: Db,
  scope: { orgId: string; projectId: string; userId: string | null },
  input: MintApiKeyInput,
): Promise<MintedApiKey> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, scope.projectId), eq(projects.orgId, scope.orgId)))
    .limit(1);
  if (!project) throw new ApiError("not_found", "No such project in this organisation.");
  const id = newId("apiKey");
  const secret = newKeySecret();
  // At most SVC_ORG_MAX_API_KEYS keys not revoked per org (409 limit_reached, docs/decisions/1025).
  const [row] = await db.transaction(async (tx) => {
    await assertBelowOrgLimit(tx, scope.orgId, "api_keys");
    return tx
      .insert(apiKeys)
      .values({
        id,
        orgId: scope.orgId,
        projectId: project.id,
        name: input.name,
        scope: input.scope,
        grants: input.grants,
        secretHash: sha256Hex(secret),
        prefix: displayPrefix(secret),
        createdBy: scope.userId,
      })
      .returning();
  });
  if (!row) throw new Error("insert returned no row");
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    grants: row.grants,
    secret,
    prefix: row.prefix,
    project_key: projectKey(row.id, secret),
    created_at: row.createdAt.toISOString(),
  };
}
