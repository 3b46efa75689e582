import { eq } from "drizzle-orm";
import { rooms } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { normaliseShortCode } from "@/lib/rooms/short-code";

/** What the public join page may show: never the room id, the org or the project. */
export interface PublicRoom {
  name: string;
  type: string;
  state: string;
  shortCode: string;
  /** The host's admission settings (docs/decisions/1350): the page says the door is locked, or that guests knock. */
  linkLocked: boolean;
  waitingRoom: boolean;
}

/** The room behind a share link, by short code only (an `rm_` id is not a share link). */
export async function findPublicRoom(db: DbOrTx, code: string): Promise<PublicRoom | null> {
  const shortCode = normaliseShortCode(code);
  if (!shortCode) return null;
  const [row] = await db
    .select({
      name: rooms.name,
      type: rooms.type,
      state: rooms.state,
      shortCode: rooms.shortCode,
      linkLocked: rooms.linkLocked,
      waitingRoom: rooms.waitingRoom,
    })
    .from(rooms)
    .where(eq(rooms.shortCode, shortCode))
    .limit(1);
  return row ?? null;
}
