import { desc, eq } from "drizzle-orm";
import { workspaceKeys } from "@/db/schema";
import type { Db } from "@/lib/db";
import { serializeWorkspaceKey } from "@/lib/workspace-keys/serialize-workspace-key";
import type { WorkspaceKeyDto } from "@/lib/workspace-keys/workspace-key-schema";

/** Bounded like the project-key list (docs/decisions/1059): the org holds at most 100 active keys. */
export const WORKSPACE_KEYS_LIST_MAX = 500;

/** The org's workspace keys, newest first, revoked and expired ones included, never a secret. */
export async function listWorkspaceKeys(db: Db, orgId: string): Promise<{ items: WorkspaceKeyDto[] }> {
  const now = new Date();
  const rows = await db
    .select()
    .from(workspaceKeys)
    // workspace_keys_org_created_idx
    .where(eq(workspaceKeys.orgId, orgId))
    .orderBy(desc(workspaceKeys.createdAt), desc(workspaceKeys.id))
    .limit(WORKSPACE_KEYS_LIST_MAX);
  return { items: rows.map((r) => serializeWorkspaceKey(r, now)) };
}
