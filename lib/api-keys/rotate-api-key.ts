import { apiKeys } from "@/db/schema";
import { activeKey, type KeyRef, noActiveKey } from "@/lib/api-keys/active-key";
import type { RotatedApiKey } from "@/lib/api-keys/api-key-schema";
import { displayPrefix, newKeySecret, projectKey } from "@/lib/api-keys/key-format";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import { sha256Hex } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";

/**
 * Endpoint 11: one UPDATE replaces the stored hash, so the old secret matches nothing from the
 * very next request on — on every instance: the principal caches settle before the new secret is
 * returned. A revoked key, or a key of another project or org, is 404. Audited in the same
 * transaction.
 */
export async function rotateApiKey(db: Db, audit: AuditContext, scope: KeyRef): Promise<RotatedApiKey> {
  const secret = newKeySecret();
  const row = await audited(
    db,
    audit,
    async (tx) => {
      const [updated] = await tx
        .update(apiKeys)
        .set({ secretHash: sha256Hex(secret), prefix: displayPrefix(secret), rotatedAt: new Date() })
        .where(activeKey(scope))
        .returning({ id: apiKeys.id, prefix: apiKeys.prefix, rotatedAt: apiKeys.rotatedAt });
      if (!updated) throw noActiveKey();
      return updated;
    },
    (k) => ({
      action: "api_key.rotated",
      target: { type: "api_key", id: k.id },
      metadata: { project_id: scope.projectId, prefix: k.prefix },
    }),
  );
  await settlePrincipalWrites(db);
  return {
    id: row.id,
    secret,
    prefix: row.prefix,
    project_key: projectKey(row.id, secret),
    rotated_at: (row.rotatedAt ?? new Date()).toISOString(),
  };
}
