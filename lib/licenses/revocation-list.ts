import { and, gt, isNotNull } from "drizzle-orm";
import { licenses } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { licenseSigningKey } from "@/lib/licenses/license-signing-key";
import { signRevocationList } from "@/lib/licenses/license-token";

/** A list stays acceptable this long after it was signed; an install re-fetches far sooner. */
export const REVOCATION_LIST_TTL_S = 7 * 86_400;

/**
 * The signed revocation list: every revoked licence not yet expired (an expired licence is
 * refused anyway, so the list stays as short as the live revocations; index licenses_revoked_idx).
 */
export async function revocationList(db: DbOrTx, now: Date = new Date()): Promise<string> {
  const rows = await db
    .select({ id: licenses.id, revokedAt: licenses.revokedAt })
    .from(licenses)
    .where(and(isNotNull(licenses.revokedAt), gt(licenses.expiresAt, now)))
    .orderBy(licenses.expiresAt);
  const iat = Math.floor(now.getTime() / 1000);
  return signRevocationList(await licenseSigningKey(db), {
    iss: env.baseUrl,
    iat,
    exp: iat + REVOCATION_LIST_TTL_S,
    revoked: rows.map((r) => ({ license_id: r.id, revoked_at: (r.revokedAt ?? now).toISOString() })),
  });
}
