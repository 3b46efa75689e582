import { and, eq, isNotNull, sql } from "drizzle-orm";
import { apiKeys, invitations, memberships, projects, webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db";

export const CHECKLIST_STEPS = [
  "project",
  "api_key",
  "first_token",
  "webhook",
  "room_invite",
  "teammate",
] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];
export type Checklist = Record<ChecklistStep, boolean>;

/**
 * Getting started, ticked from real data: each step is one EXISTS on an index that starts with
 * the org id. A first room token counts once a project key has authenticated (its last_used_at:
 * minting tokens is what keys are for); a teammate once the org has a second member.
 */
export async function loadChecklist(db: Db, orgId: string): Promise<Checklist> {
  const exists = (q: ReturnType<typeof sql>) => sql<boolean>`exists (${q})`;
  const [row] = await db
    .select({
      project: exists(sql`select 1 from ${projects} where ${projects.orgId} = ${orgId}`),
      api_key: exists(sql`select 1 from ${apiKeys} where ${apiKeys.orgId} = ${orgId}`),
      first_token: exists(
        sql`select 1 from ${apiKeys} where ${and(eq(apiKeys.orgId, orgId), isNotNull(apiKeys.lastUsedAt))}`,
      ),
      webhook: exists(sql`select 1 from ${webhookEndpoints} where ${webhookEndpoints.orgId} = ${orgId}`),
      room_invite: exists(sql`select 1 from ${invitations} where ${invitations.orgId} = ${orgId}`),
      teammate: sql<number>`(select count(*) from (select 1 from ${memberships} where ${memberships.orgId} = ${orgId} limit 2) m)`,
    })
    .from(sql`(select 1) as one`);
  return {
    project: Boolean(row?.project),
    api_key: Boolean(row?.api_key),
    first_token: Boolean(row?.first_token),
    webhook: Boolean(row?.webhook),
    room_invite: Boolean(row?.room_invite),
    teammate: Number(row?.teammate ?? 0) > 1,
  };
}
