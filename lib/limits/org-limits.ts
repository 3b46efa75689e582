import { and, count, eq, isNull } from "drizzle-orm";
import { apiKeys, orgs, webhookEndpoints, workspaceKeys } from "@/db/schema";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/**
 * Per-org limits on what an org can create (docs/decisions/1025): webhook endpoints (each one is
 * fanned out to on every event) and API keys not revoked. Checked inside the creating transaction
 * with the org's row locked, so concurrent creations cannot pass the limit together. Reaching it is
 * 409 `limit_reached`.
 */
export type OrgLimit = "webhook_endpoints" | "api_keys" | "workspace_keys";

/** Workspace API keys not revoked, per org (docs/decisions/1290): automation needs a handful. */
export const WORKSPACE_KEYS_MAX = 100;

const COUNTERS = {
  // webhook_endpoints_org_idx
  webhook_endpoints: (tx: Tx, orgId: string) =>
    tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.orgId, orgId)),
  // api_keys_org_used_idx (org_id first)
  api_keys: (tx: Tx, orgId: string) =>
    tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.orgId, orgId), isNull(apiKeys.revokedAt))),
  // workspace_keys_org_created_idx (org_id first)
  workspace_keys: (tx: Tx, orgId: string) =>
    tx
      .select({ n: count() })
      .from(workspaceKeys)
      .where(and(eq(workspaceKeys.orgId, orgId), isNull(workspaceKeys.revokedAt))),
} as const satisfies Record<OrgLimit, unknown>;

const LABELS = {
  webhook_endpoints: "webhook endpoints",
  api_keys: "API keys",
  workspace_keys: "workspace API keys",
} as const;

export function orgLimit(what: OrgLimit): number {
  if (what === "workspace_keys") return WORKSPACE_KEYS_MAX;
  return what === "webhook_endpoints" ? env.SVC_ORG_MAX_WEBHOOK_ENDPOINTS : env.SVC_ORG_MAX_API_KEYS;
}

/** Throws 409 limit_reached when the org already has its limit of `what`; call before inserting one. */
export async function assertBelowOrgLimit(tx: Tx, orgId: string, what: OrgLimit): Promise<void> {
  // Serialises this org's creations of either kind: the count below stays true until the commit.
  await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, orgId)).for("update");
  const [row] = await COUNTERS[what](tx, orgId);
  const limit = orgLimit(what);
  if ((row?.n ?? 0) >= limit) {
    throw new ApiError(
      "limit_reached",
      `This organisation has reached its limit of ${limit} ${LABELS[what]}; delete or revoke one first.`,
    );
  }
}
