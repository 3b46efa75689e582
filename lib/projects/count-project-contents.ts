import { and, count, eq, isNull, ne } from "drizzle-orm";
import { apiKeys, recordings, rooms, webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db";

export interface ProjectContents {
  apiKeys: number;
  webhooks: number;
  openRooms: number;
  recordings: number;
}

/**
 * What deleting a project takes with it (docs/decisions/0920), for the console's confirmation.
 * Every count is scoped by org and project in its WHERE clause.
 */
export async function countProjectContents(
  db: Db,
  orgId: string,
  projectId: string,
): Promise<ProjectContents> {
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  const [keys, hooks, open, recs] = await Promise.all([
    // api_keys_project_idx
    db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.projectId, projectId), isNull(apiKeys.revokedAt))),
    // webhook_endpoints_org_idx
    db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.projectId, projectId))),
    // rooms_project_created_idx
    db
      .select({ n: count() })
      .from(rooms)
      .where(and(eq(rooms.projectId, projectId), eq(rooms.orgId, orgId), ne(rooms.state, "ended"))),
    // recordings_project_state_started_idx
    db
      .select({ n: count() })
      .from(recordings)
      .where(and(eq(recordings.projectId, projectId), eq(recordings.orgId, orgId))),
  ]);
  return { apiKeys: n(keys), webhooks: n(hooks), openRooms: n(open), recordings: n(recs) };
}
