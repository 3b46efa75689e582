import { apiKeys } from "@/db/schema";
import { activeKey, type KeyRef, noActiveKey } from "@/lib/api-keys/active-key";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";

/**
 * Endpoint 12: permanent. The row stays (the console lists it as revoked) but authentication
 * refuses it, and nothing un-revokes it. Revoking twice is 404: the active key is gone. Audited in
 * the same transaction; once committed, every instance's principal cache has dropped the key
 * before the caller hears it is revoked (the key fails on the very next request anywhere).
 */
export async function revokeApiKey(db: Db, audit: AuditContext, scope: KeyRef): Promise<void> {
  await audited(
    db,
    audit,
    async (tx) => {
      const rows = await tx
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(activeKey(scope))
        .returning({ id: apiKeys.id });
      if (rows.length === 0) throw noActiveKey();
    },
    () => ({
      action: "api_key.revoked",
      target: { type: "api_key", id: scope.keyId },
      metadata: { project_id: scope.projectId },
    }),
  );
  await settlePrincipalWrites(db);
}
