import { and, eq } from "drizzle-orm";
import { projects, workspaceKeys } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import { sha256Hex } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { ApiError, validationError } from "@/lib/http/errors";
import type { Member } from "@/lib/identity/load-member";
import { newId } from "@/lib/ids";
import { assertBelowOrgLimit } from "@/lib/limits/org-limits";
import {
  newWorkspaceSecret,
  presentedWorkspaceKey,
  workspaceKeyPrefix,
} from "@/lib/workspace-keys/key-format";
import { assertRoleWithin } from "@/lib/workspace-keys/role-ceiling";
import { serializeWorkspaceKey } from "@/lib/workspace-keys/serialize-workspace-key";
import type { CreatedWorkspaceKey, CreateWorkspaceKeyInput } from "@/lib/workspace-keys/workspace-key-schema";

/** The longest expiry a key may be given: long-lived automation rotates, it does not live forever by accident. */
const MAX_EXPIRY_MS = 2 * 366 * 24 * 3600 * 1000;

/**
 * POST /v1/workspace/keys: a key of the caller's org with a role no higher than the caller's, an
 * optional project of that org and an optional expiry. The secret is returned once; the row holds
 * only its SHA-256. Audited in the same transaction.
 */
export async function createWorkspaceKey(
  db: Db,
  audit: AuditContext,
  creator: Pick<Member, "orgId" | "userId" | "role" | "key">,
  input: CreateWorkspaceKeyInput,
  now: Date = new Date(),
): Promise<CreatedWorkspaceKey> {
  assertRoleWithin(creator.role, input.role);
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  const ms = expiresAt?.getTime();
  // NaN: a date-time the format allows but no Date can hold (year +275761, …).
  if (ms !== undefined && (Number.isNaN(ms) || ms <= now.getTime() || ms - now.getTime() > MAX_EXPIRY_MS)) {
    throw validationError([
      { path: "expires_at", message: "expires_at must be in the future and at most 2 years ahead" },
    ]);
  }
  const projectId = input.project_id ?? null;
  if (projectId) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.orgId, creator.orgId)))
      .limit(1);
    if (!project) throw new ApiError("not_found", "No such project in this organisation.");
  }
  const id = newId("workspaceKey");
  const secret = newWorkspaceSecret();
  const row = await audited(
    db,
    audit,
    async (tx) => {
      await assertBelowOrgLimit(tx, creator.orgId, "workspace_keys");
      const [inserted] = await tx
        .insert(workspaceKeys)
        .values({
          id,
          orgId: creator.orgId,
          name: input.name,
          role: input.role,
          projectId,
          secretHash: sha256Hex(secret),
          prefix: workspaceKeyPrefix(id, secret),
          createdBy: creator.key ? null : creator.userId,
          createdByKey: creator.key ? creator.key.id : null,
          expiresAt,
        })
        .returning();
      if (!inserted) throw new Error("insert returned no row");
      return inserted;
    },
    (k) => ({
      action: "workspace_key.created",
      target: { type: "workspace_key", id: k.id },
      metadata: {
        name: k.name,
        role: k.role,
        project_id: k.projectId,
        expires_at: k.expiresAt?.toISOString() ?? null,
        prefix: k.prefix,
      },
    }),
  );
  return { ...serializeWorkspaceKey(row, now), key: presentedWorkspaceKey(id, secret) };
}
