import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { apiKeys, deliveries, invitations, memberships, orgInvitations, projects, rooms } from "@/db/schema";
import type { Permission } from "@/lib/auth/roles";
import type { Db } from "@/lib/db";

export const CHECKLIST_STEPS = [
  "project",
  "room",
  "api_key",
  "first_token",
  "join",
  "webhook",
  "room_invite",
  "teammate",
] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];
export type Checklist = Record<ChecklistStep, boolean>;

/**
 * Who can do each step (lib/auth/roles.ts): the checklist offers a member only the steps their role
 * can do (issue 38). `null`: any member (joining a room through its share link).
 */
export const STEP_PERMISSION: Record<ChecklistStep, Permission | null> = {
  project: "projects:create",
  room: "rooms:create",
  api_key: "api_keys:write",
  first_token: "api_keys:write",
  join: null,
  webhook: "webhooks:write",
  room_invite: "invitations:send",
  teammate: "members:manage",
};

/**
 * Getting started, ticked from real data: each step is one EXISTS on an index that starts with
 * the org id. A first room token counts once a project key has authenticated (its last_used_at:
 * minting tokens is what keys are for); someone joined once a room of the org has started (the
 * media plane reported a join); a webhook once a delivery of the org succeeded (a test inbox's
 * counts: it was received); a teammate once the org has a second member or a pending invitation.
 */
export async function loadChecklist(db: Db, orgId: string): Promise<Checklist> {
  const exists = (q: ReturnType<typeof sql>) => sql<boolean>`exists (${q})`;
  const [row] = await db
    .select({
      project: exists(sql`select 1 from ${projects} where ${projects.orgId} = ${orgId}`),
      // rooms_org_created_idx.
      room: exists(sql`select 1 from ${rooms} where ${rooms.orgId} = ${orgId}`),
      api_key: exists(sql`select 1 from ${apiKeys} where ${apiKeys.orgId} = ${orgId}`),
      first_token: exists(
        sql`select 1 from ${apiKeys} where ${and(eq(apiKeys.orgId, orgId), isNotNull(apiKeys.lastUsedAt))}`,
      ),
      // rooms_org_state_created_idx: a room that is or was active.
      join: exists(
        sql`select 1 from ${rooms} where ${and(eq(rooms.orgId, orgId), inArray(rooms.state, ["active", "ended"]), isNotNull(rooms.startedAt))}`,
      ),
      // deliveries_org_created_idx, newest first: a recent success is found at once.
      webhook: exists(
        sql`select 1 from ${deliveries} where ${and(eq(deliveries.orgId, orgId), eq(deliveries.status, "succeeded"))}`,
      ),
      room_invite: exists(sql`select 1 from ${invitations} where ${invitations.orgId} = ${orgId}`),
      teammate: sql<number>`(select count(*) from (select 1 from ${memberships} where ${memberships.orgId} = ${orgId} limit 2) m)`,
      // org_invitations_org_created_idx.
      invited: exists(sql`select 1 from ${orgInvitations} where ${orgInvitations.orgId} = ${orgId}`),
    })
    .from(sql`(select 1) as one`);
  return {
    project: Boolean(row?.project),
    room: Boolean(row?.room),
    api_key: Boolean(row?.api_key),
    first_token: Boolean(row?.first_token),
    join: Boolean(row?.join),
    webhook: Boolean(row?.webhook),
    room_invite: Boolean(row?.room_invite),
    teammate: Number(row?.teammate ?? 0) > 1 || Boolean(row?.invited),
  };
}
