import { and, eq, like, or, sql, sum } from "drizzle-orm";
import { orgCounters, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { lastDays, series } from "@/lib/insights/days";

export interface RoomFigures {
  byState: { created: number; active: number; ended: number };
  /** Participants in the org's active rooms now, as the media plane reported them. */
  participantsNow: number;
  /** Rooms created per UTC day over the window, oldest first. */
  createdPerDay: number[];
}

/**
 * Rooms by state and per day come from org_counters (kept by triggers, docs/decisions/0844): a
 * primary-key range read of a few rows, however many rooms the org has. Participants are summed
 * over active rooms only (rooms_org_state_created_idx), which are few next to all rooms.
 */
export async function loadRoomFigures(db: Db, orgId: string, now: Date): Promise<RoomFigures> {
  const days = lastDays(now);
  const [counters, [participants]] = await Promise.all([
    db
      .select({ key: orgCounters.key, n: orgCounters.n })
      .from(orgCounters)
      .where(
        and(
          eq(orgCounters.orgId, orgId),
          or(
            like(orgCounters.key, "rooms:%"),
            sql`${orgCounters.key} in (${sql.join(
              days.map((d) => sql`${`rooms_created:${d}`}`),
              sql`, `,
            )})`,
          ),
        ),
      ),
    db
      .select({ n: sum(rooms.activeParticipants).mapWith(Number) })
      .from(rooms)
      .where(and(eq(rooms.orgId, orgId), eq(rooms.state, "active"))),
  ]);
  const count = new Map(counters.map((c) => [c.key, Number(c.n)]));
  return {
    byState: {
      created: count.get("rooms:created") ?? 0,
      active: count.get("rooms:active") ?? 0,
      ended: count.get("rooms:ended") ?? 0,
    },
    participantsNow: participants?.n ?? 0,
    createdPerDay: series(
      days,
      days.map((day) => ({ day, n: count.get(`rooms_created:${day}`) ?? 0 })),
    ),
  };
}
