import { and, eq } from "drizzle-orm";
import { rooms } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { hasPrefix } from "@/lib/ids";
import { normaliseShortCode } from "@/lib/rooms/short-code";

/** A room by its `rm_` id or its short code, within a scope (org, and project when given). */
export async function findRoom(
  db: DbOrTx,
  ref: string,
  scope: { orgId: string; projectId?: string },
): Promise<typeof rooms.$inferSelect | undefined> {
  const code = normaliseShortCode(ref);
  const match = hasPrefix("room", ref) ? eq(rooms.id, ref) : code ? eq(rooms.shortCode, code) : undefined;
  if (!match) return undefined;
  const [row] = await db
    .select()
    .from(rooms)
    .where(
      and(
        match,
        eq(rooms.orgId, scope.orgId),
        scope.projectId ? eq(rooms.projectId, scope.projectId) : undefined,
      ),
    )
    .limit(1);
  return row;
}
