import { and, eq, isNull } from "drizzle-orm";
import { workspaceKeys } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Role } from "@/lib/auth/roles";
import { sha256Hex } from "@/lib/crypto/secret-box";
import type { Db, Tx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import {
  newWorkspaceSecret,
  presentedWorkspaceKey,
  workspaceKeyPrefix,
} from "@/lib/workspace-keys/key-format";
import { assertRoleWithin } from "@/lib/workspace-keys/role-ceiling";
import { serializeWorkspaceKey, type WorkspaceKeyRow } from "@/lib/workspace-keys/serialize-workspace-key";
import type { RotatedWorkspaceKey } from "@/lib/workspace-keys/workspace-key-schema";

const noSuchKey = () => new ApiError("not_found", "No such active workspace key in this organisation.");

/**
 * The named key of the org while not revoked, locked for the change. A caller may only change a key
 * it could have made: rotating an Owner key would hand an Admin an Owner's secret.
 */
async function lockActive(tx: Tx, orgId: string, keyId: string, callerRole: Role): Promise<WorkspaceKeyRow> {
  const [row] = await tx
    .select()
    .from(workspaceKeys)
    .where(and(eq(workspaceKeys.id, keyId), eq(workspaceKeys.orgId, orgId), isNull(workspaceKeys.revokedAt)))
    .for("update")
    .limit(1);
  if (!row) throw noSuchKey();
  assertRoleWithin(callerRole, row.role);
  return row;
}

/**
 * POST /v1/workspace/keys/:id/rotate: a new secret, shown once; the old one fails from the next
 * request on (every request reads the row). Expiry, role and scope stay. Audited.
 */
export async function rotateWorkspaceKey(
  db: Db,
  audit: AuditContext,
  caller: { orgId: string; role: Role },
  keyId: string,
): Promise<RotatedWorkspaceKey> {
  const secret = newWorkspaceSecret();
  const row = await audited(
    db,
    audit,
    async (tx) => {
      await lockActive(tx, caller.orgId, keyId, caller.role);
      const [updated] = await tx
        .update(workspaceKeys)
        .set({
          secretHash: sha256Hex(secret),
          prefix: workspaceKeyPrefix(keyId, secret),
          rotatedAt: new Date(),
        })
        .where(and(eq(workspaceKeys.id, keyId), eq(workspaceKeys.orgId, caller.orgId)))
        .returning();
      if (!updated) throw noSuchKey();
      return updated;
    },
    (k) => ({
      action: "workspace_key.rotated",
      target: { type: "workspace_key", id: k.id },
      metadata: { prefix: k.prefix },
    }),
  );
  return { ...serializeWorkspaceKey(row), key: presentedWorkspaceKey(keyId, secret) };
}

/** DELETE /v1/workspace/keys/:id: permanent; the row stays, listed as revoked. Twice is 404. Audited. */
export async function revokeWorkspaceKey(
  db: Db,
  audit: AuditContext,
  caller: { orgId: string; role: Role },
  keyId: string,
): Promise<void> {
  await audited(
    db,
    audit,
    async (tx) => {
      await lockActive(tx, caller.orgId, keyId, caller.role);
      await tx
        .update(workspaceKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(workspaceKeys.id, keyId), eq(workspaceKeys.orgId, caller.orgId)));
    },
    () => ({ action: "workspace_key.revoked", target: { type: "workspace_key", id: keyId } }),
  );
}
