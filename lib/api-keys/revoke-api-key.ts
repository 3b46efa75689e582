import { apiKeys } from "@/db/schema";
import { activeKey, type KeyRef, noActiveKey } from "@/lib/api-keys/active-key";
import type { Db } from "@/lib/db";

/**
 * Endpoint 12: permanent. The row stays (the console lists it as revoked) but authentication
 * refuses it, and nothing un-revokes it. Revoking twice is 404: the active key is gone.
 */
export async function revokeApiKey(db: Db, scope: KeyRef): Promise<void> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(activeKey(scope))
    .returning({ id: apiKeys.id });
  if (rows.length === 0) throw noActiveKey();
}
