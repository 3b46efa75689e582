import type { apiKeys } from "@/db/schema";
import type { ApiKeyDto } from "@/lib/api-keys/api-key-schema";
import { pendingLastUse } from "@/lib/api-keys/last-used";

/** A key as lists show it: never the secret or its hash. */
export function serializeApiKey(k: typeof apiKeys.$inferSelect): ApiKeyDto {
  // Uses not yet flushed to the database are newer than the stored value.
  const lastUsed = pendingLastUse(k.id) ?? k.lastUsedAt;
  return {
    id: k.id,
    project_id: k.projectId,
    name: k.name,
    scope: k.scope,
    grants: k.grants,
    prefix: k.prefix,
    state: k.revokedAt ? "revoked" : "active",
    created_at: k.createdAt.toISOString(),
    rotated_at: k.rotatedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
    last_used_at: lastUsed?.toISOString() ?? null,
  };
}
