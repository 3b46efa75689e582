import { eq, type SQL } from "drizzle-orm";
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
  /** The host's admission settings (docs/decisions/1350). */
  linkLocked: boolean;
  waitingRoom: boolean;
}

/** By short code only (rooms_short_code_key), joined to its org for the plan flag (docs/spec/product-decisions.md §2). */
export async function findShareLinkRoom(db: DbOrTx, code: string): Promise<ShareLinkRoom | null> {
  const shortCode = normaliseShortCode(code);
  if (!shortCode) return null;
  return findShareLinkRoomWhere(db, eq(rooms.shortCode, shortCode));
}

/** By id: an admitted knock's room (lib/share-link/poll-knock.ts). */
export async function findShareLinkRoomById(db: DbOrTx, roomId: string): Promise<ShareLinkRoom | null> {
  return findShareLinkRoomWhere(db, eq(rooms.id, roomId));
}

async function findShareLinkRoomWhere(db: DbOrTx, match: SQL): Promise<ShareLinkRoom | null> {
  const [row] = await db
    .select({
      id: rooms.id,
      orgId: rooms.orgId,
      projectId: rooms.projectId,
      type: rooms.type,
      state: rooms.state,
      planSelected: orgs.planSelected,
      linkLocked: rooms.linkLocked,
      waitingRoom: rooms.waitingRoom,
    })
    .from(rooms)
    .innerJoin(orgs, eq(orgs.id, rooms.orgId))
    .where(match)
    .limit(1);
  return row ?? null;
}
