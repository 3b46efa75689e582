import { and, eq, isNull } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import type { RotatedApiKey } from "@/lib/api-keys/api-key-schema";
import { displayPrefix, newKeySecret, projectKey } from "@/lib/api-keys/key-format";
import { sha256Hex } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

export type { RotatedApiKey };

/**
 * Endpoint 11: one UPDATE replaces the stored hash, so the old secret matches nothing from the
 * very next request on. A revoked key, or a key of another project or org, is 404.
 */
export async function rotateApiKey(
  db: Db,
  scope: { orgId: string; projectId: string; keyId: string },
): Promise<RotatedApiKey> {
  const secret = newKeySecret();
  const [row] = await db
    .update(apiKeys)
    .set({ secretHash: sha256Hex(secret), prefix: displayPrefix(secret), rotatedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, scope.keyId),
        eq(apiKeys.projectId, scope.projectId),
        eq(apiKeys.orgId, scope.orgId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ id: apiKeys.id, prefix: apiKeys.prefix, rotatedAt: apiKeys.rotatedAt });
  if (!row) throw new ApiError("not_found", "No such active API key in this project.");
  return {
    id: row.id,
    secret,
    prefix: row.prefix,
    project_key: projectKey(row.id, secret),
    rotated_at: (row.rotatedAt ?? new Date()).toISOString(),
  };
}
