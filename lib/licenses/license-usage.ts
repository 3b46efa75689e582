import { countDistinct, isNull, sql } from "drizzle-orm";
import { memberships, roomParticipants } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/**
 * What a licence's limits are measured against, across the whole install: seats are the distinct
 * people holding a membership in any org; concurrent participants are the people in rooms now
 * (room_participants rows not left; the partial index room_participants_present_idx holds them).
 */
export async function licenseUsage(db: DbOrTx): Promise<{ seats: number; concurrent_participants: number }> {
  const [seats] = await db.select({ n: countDistinct(memberships.userId) }).from(memberships);
  const [present] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(roomParticipants)
    .where(isNull(roomParticipants.leftAt));
  return { seats: Number(seats?.n ?? 0), concurrent_participants: Number(present?.n ?? 0) };
}
