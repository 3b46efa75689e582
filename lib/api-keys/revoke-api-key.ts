import { apiKeys } from "@/db/schema";
import { activeKey, type KeyRef, noActiveKey } from "@/lib/api-keys/active-key";
import { type AuditContext, audited, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { markForRemoval, removeConnections } from "@/lib/media/moderation/remove-connections";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";

/**
 * Endpoint 12: permanent. The row stays (the console lists it as revoked) but authentication
 * refuses it, and nothing un-revokes it. Revoking twice is 404: the active key is gone. Audited in
 * the same transaction; once committed, every instance's principal cache has dropped the key
 * before the caller hears it is revoked (the key fails on the very next request anywhere).
 */
export async function revokeApiKey(
  db: Db,
  audit: AuditContext,
  scope: KeyRef,
  opts: { roomTokens?: boolean } = {},
): Promise<void> {
  const now = new Date();
  await audited(
    db,
    audit,
    async (tx) => {
      const rows = await tx
        .update(apiKeys)
        .set({ revokedAt: now, ...(opts.roomTokens ? { roomTokensRevokedAt: now } : {}) })
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
  if (opts.roomTokens) await revokeKeyRoomTokens(db, audit, scope.keyId, now);
}

/**
 * `?revoke_room_tokens=true` (docs/decisions/1321): the room tokens the key minted admit nobody
 * from now on (every join on one is refused: lib/media/moderation/at-join.ts), and those in a room
 * on one are removed now (the eject job asks again for any a node did not remove).
 */
async function revokeKeyRoomTokens(db: Db, audit: AuditContext, keyId: string, now: Date): Promise<void> {
  const marked = await markForRemoval(db, { keyId, issuedBefore: now }, now);
  const removed = await removeConnections(db, marked, now);
  await recordAudit(db, audit, {
    action: "api_key.room_tokens_revoked",
    target: { type: "api_key", id: keyId },
    metadata: { removed },
  });
}
