import type { workspaceKeys } from "@/db/schema";
import type { WorkspaceKeyDto } from "@/lib/workspace-keys/workspace-key-schema";

export type WorkspaceKeyRow = typeof workspaceKeys.$inferSelect;

/** A key as lists show it: never the secret or its hash. */
export function serializeWorkspaceKey(k: WorkspaceKeyRow, now: Date = new Date()): WorkspaceKeyDto {
  return {
    id: k.id,
    name: k.name,
    role: k.role,
    project_id: k.projectId,
    prefix: k.prefix,
    state: k.revokedAt ? "revoked" : k.expiresAt && k.expiresAt <= now ? "expired" : "active",
    created_by: k.createdBy ?? k.createdByKey,
    created_at: k.createdAt.toISOString(),
    expires_at: k.expiresAt?.toISOString() ?? null,
    rotated_at: k.rotatedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
  };
}
