import { eq } from "drizzle-orm";
import { orgs, rooms } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { normaliseShortCode } from "@/lib/rooms/short-code";

/** The room behind a share link, with the scope a guest token is minted in (never shown to the guest). */
export interface ShareLinkRoom {
  id: string;
  orgId: string;
  projectId: string;
  type: string;
  state: string;
  planSelected: boolean;
}

/** By short code only (rooms_short_code_key), joined to its org for the plan flag (docs/spec/product-decisions.md §2). */
export async function findShareLinkRoom(db: DbOrTx, code: string): Promise<ShareLinkRoom | null> {
  const shortCode = normaliseShortCode(code);
  if (!shortCode) return null;
  const [row] = await db
    .select({
      id: rooms.id,
      orgId: rooms.orgId,
      projectId: rooms.projectId,
      type: rooms.type,
      state: rooms.state,
      planSelected: orgs.planSelected,
    })
    .from(rooms)
    .innerJoin(orgs, eq(orgs.id, rooms.orgId))
    .where(eq(rooms.shortCode, shortCode))
    .limit(1);
  return row ?? null;
}
