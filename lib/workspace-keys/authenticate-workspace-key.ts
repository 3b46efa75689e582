import { eq } from "drizzle-orm";
import { orgs, workspaceKeys } from "@/db/schema";
import { publicLengthEqual, sha256Hex } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import type { SessionMember } from "@/lib/identity/load-member";
import { parseWorkspaceKey } from "@/lib/workspace-keys/key-format";

/** "Last used" is kept to the minute: at most one write per key per minute, however busy it is. */
export const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * A presented workspace key -> the principal every workspace route sees (docs/decisions/1290), or
 * null for a key that is malformed, unknown, revoked, expired or whose secret does not match (one
 * answer for all: a caller learns nothing about which). The row is found by its id (primary key)
 * and the secret's SHA-256 compared in constant time. Every request reads the row, so a revoked or
 * rotated key fails on the very next request on every instance, and a role change applies at once.
 */
export async function authenticateWorkspaceKey(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<SessionMember | null> {
  const parsed = parseWorkspaceKey(token);
  if (!parsed) return null;
  const [row] = await db
    .select({
      id: workspaceKeys.id,
      name: workspaceKeys.name,
      role: workspaceKeys.role,
      projectId: workspaceKeys.projectId,
      secretHash: workspaceKeys.secretHash,
      expiresAt: workspaceKeys.expiresAt,
      revokedAt: workspaceKeys.revokedAt,
      lastUsedAt: workspaceKeys.lastUsedAt,
      orgId: orgs.id,
      orgName: orgs.name,
      planSelected: orgs.planSelected,
    })
    .from(workspaceKeys)
    .innerJoin(orgs, eq(orgs.id, workspaceKeys.orgId))
    .where(eq(workspaceKeys.id, parsed.id))
    .limit(1);
  // The digest is computed and compared whether or not the row exists: no shortcut to time.
  const matches = publicLengthEqual(sha256Hex(parsed.secret), row?.secretHash ?? "0".repeat(64));
  if (!row || !matches || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    await db.update(workspaceKeys).set({ lastUsedAt: now }).where(eq(workspaceKeys.id, row.id));
  }
  return {
    userId: row.id,
    email: "",
    displayName: row.name,
    orgId: row.orgId,
    orgName: row.orgName,
    role: row.role,
    planSelected: row.planSelected,
    sessionId: "",
    // A key cannot enrol a second factor: the person who made it did (an org that requires two-factor
    // requires it of them, docs/decisions/1263); its use is recorded on the key, not as a session's.
    mustEnrolTwoFactor: false,
    lastSeenAt: null,
    key: { id: row.id, name: row.name, projectId: row.projectId },
  };
}
