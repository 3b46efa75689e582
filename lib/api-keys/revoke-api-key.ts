import { and, eq, isNull } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

/**
 * Endpoint 12: permanent. The row stays (the console lists it as revoked) but authentication
 * refuses it, and nothing un-revokes it. Revoking twice is 404: the active key is gone.
 */
export async function revokeApiKey(
  db: Db,
  scope: { orgId: string; projectId: string; keyId: string },
): Promise<void> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, scope.keyId),
        eq(apiKeys.projectId, scope.projectId),
        eq(apiKeys.orgId, scope.orgId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ id: apiKeys.id });
  if (rows.length === 0) throw new ApiError("not_found", "No such active API key in this project.");
}
