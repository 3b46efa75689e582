import { and, eq, like, or, sql } from "drizzle-orm";
import { orgCounters } from "@/db/schema";
import type { Db } from "@/lib/db";
import { lastDays, series } from "@/lib/insights/days";

/** The org_counters key of the participants in active rooms (kept by the rooms triggers). */
const PARTICIPANTS_KEY = "participants:active";

export interface RoomFigures {
  byState: { created: number; active: number; ended: number };
  /** Participants in the org's active rooms now, as the media plane reported them. */
  participantsNow: number;
  /** Rooms created per UTC day over the window, oldest first. */
  createdPerDay: number[];
}

/**
 * Rooms by state and per day come from org_counters (kept by triggers, docs/decisions/0844): a
 * primary-key range read of a few rows, however many rooms the org has. Participants too: the
 * triggers keep the sum of `active_participants` over active rooms (migration 0014).
 */
export async function loadRoomFigures(db: Db, orgId: string, now: Date): Promise<RoomFigures> {
  const days = lastDays(now);
  const keys = [PARTICIPANTS_KEY, ...days.map((d) => `rooms_created:${d}`)];
  const counters = await db
    .select({ key: orgCounters.key, n: orgCounters.n })
    .from(orgCounters)
    .where(
      and(
        eq(orgCounters.orgId, orgId),
        or(
          like(orgCounters.key, "rooms:%"),
          sql`${orgCounters.key} in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        ),
      ),
    );
  const count = new Map(counters.map((c) => [c.key, Number(c.n)]));
  return {
    byState: {
      created: count.get("rooms:created") ?? 0,
      active: count.get("rooms:active") ?? 0,
      ended: count.get("rooms:ended") ?? 0,
    },
    participantsNow: count.get(PARTICIPANTS_KEY) ?? 0,
    createdPerDay: series(
      days,
      days.map((day) => ({ day, n: count.get(`rooms_created:${day}`) ?? 0 })),
    ),
  };
}
