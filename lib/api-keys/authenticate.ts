import { eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { type ApiKeyScope, type KeyGrant, parsePresentedKey } from "@/lib/api-keys/key-format";
import { noteKeyUse } from "@/lib/api-keys/last-used";
import { safeEqual, sha256Hex } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

export interface ProjectKeyPrincipal {
  keyId: string;
  orgId: string;
  projectId: string;
  scope: ApiKeyScope;
  grants: KeyGrant[];
}

const invalid = () =>
  new ApiError(
    "invalid_api_key",
    "Send a valid project key as `Authorization: Bearer svc_pk_<keyId>.<secret>`.",
  );

/**
 * Project-key authentication shared by the room-token endpoint and webhook registration.
 * Everything wrong with the key (missing, malformed, unknown, rotated away, revoked, a key id that
 * does not own the secret) is the same 401 `invalid_api_key`; a valid key without `needs` is 403.
 *
 * Every call reads the key row (no cache), so a rotation or revocation applies to the very next
 * request. The lookup goes through the unique index on the secret's SHA-256, and the stored hash is
 * compared again in constant time. Last use is noted in memory and written in batches.
 */
export async function authenticateProjectKey(
  req: Request,
  db: Db,
  needs: ApiKeyScope,
): Promise<ProjectKeyPrincipal> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization")?.trim() ?? "");
  const parsed = match?.[1] ? parsePresentedKey(match[1]) : undefined;
  if (!parsed) throw invalid();
  const hash = sha256Hex(parsed.secret);
  const [row] = await db
    .select({
      id: apiKeys.id,
      orgId: apiKeys.orgId,
      projectId: apiKeys.projectId,
      scope: apiKeys.scope,
      grants: apiKeys.grants,
      secretHash: apiKeys.secretHash,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, hash))
    .limit(1);
  if (!row || row.revokedAt || !safeEqual(row.secretHash, hash)) throw invalid();
  if (parsed.keyId !== undefined && !safeEqual(parsed.keyId, row.id)) throw invalid();
  noteKeyUse(row.id);
  if (row.scope !== "all" && row.scope !== needs) {
    throw new ApiError(
      "insufficient_scope",
      `This key's scope is ${row.scope}; this call needs ${needs} or all.`,
    );
  }
  return {
    keyId: row.id,
    orgId: row.orgId,
    projectId: row.projectId,
    scope: row.scope as ApiKeyScope,
    grants: row.grants as KeyGrant[],
  };
}
