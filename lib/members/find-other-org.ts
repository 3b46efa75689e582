import { and, eq, ne } from "drizzle-orm";
import { emails, memberships, orgs, projects, recordings, rooms, webhookEndpoints } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { hasPrefix } from "@/lib/ids";

/**
 * A link into another org of the same person (issue 38): the org, among those the user belongs to
 * other than the session's, that holds the resource `ref` (a room, project, webhook endpoint,
 * recording or mailbox email id), or undefined. It never tells anything about an org the user is not in: the
 * membership is part of the join (primary keys: the resource's, then memberships (org, user)).
 */
export async function findOtherOrgOf(
  db: DbOrTx,
  user: { userId: string; orgId: string },
  ref: string,
): Promise<{ id: string; name: string } | undefined> {
  const table = hasPrefix("room", ref)
    ? rooms
    : hasPrefix("project", ref)
      ? projects
      : hasPrefix("webhook", ref)
        ? webhookEndpoints
        : hasPrefix("recording", ref)
          ? recordings
          : hasPrefix("email", ref)
            ? emails
            : undefined;
  if (!table) return undefined;
  const [row] = await db
    .select({ id: orgs.id, name: orgs.name })
    .from(table)
    .innerJoin(memberships, and(eq(memberships.orgId, table.orgId), eq(memberships.userId, user.userId)))
    .innerJoin(orgs, eq(orgs.id, table.orgId))
    .where(and(eq(table.id, ref), ne(table.orgId, user.orgId)))
    .limit(1);
  return row;
}
