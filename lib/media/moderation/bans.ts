import { and, eq, gt, isNull, or } from "drizzle-orm";
import { roomBans } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

/** A ban as the API returns it. */
export interface BanDto {
  room_id: string;
  identity: string;
  until: string | null;
  created_at: string;
}

export const serializeBan = (b: typeof roomBans.$inferSelect): BanDto => ({
  room_id: b.roomId,
  identity: b.identity,
  until: b.until?.toISOString() ?? null,
  created_at: b.createdAt.toISOString(),
});

/**
 * No room token for an identity banned from the room (docs/decisions/1322): 409 `identity_banned`,
 * whoever mints (a project key, a share link, the console's test token). One primary-key read,
 * after every other check of the request passed.
 */
export async function refuseBanned(db: Db, roomId: string, identity: string, now: Date): Promise<void> {
  const [ban] = await db
    .select({ until: roomBans.until })
    .from(roomBans)
    .where(
      and(
        eq(roomBans.roomId, roomId),
        eq(roomBans.identity, identity),
        or(isNull(roomBans.until), gt(roomBans.until, now)),
      ),
    );
  if (!ban) return;
  throw new ApiError(
    "identity_banned",
    ban.until
      ? `This identity is banned from the room until ${ban.until.toISOString()}.`
      : "This identity is banned from the room.",
  );
}
