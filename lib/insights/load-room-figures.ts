import type { Db } from "@/lib/db";
import { lastDays, series } from "@/lib/insights/days";
import { readOrgCounters } from "@/lib/insights/read-org-counters";

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
 * Rooms by state and per day come from org_counters (kept by triggers, docs/decisions/0844, as
 * insert-only deltas folded by a job since docs/decisions/1203): a few index range reads, however
 * many rooms the org has. Participants too: the triggers keep the sum of `active_participants`
 * over active rooms (migration 0014).
 */
export async function loadRoomFigures(db: Db, orgId: string, now: Date): Promise<RoomFigures> {
  const days = lastDays(now);
  const keys = [PARTICIPANTS_KEY, ...days.map((d) => `rooms_created:${d}`)];
  const count = await readOrgCounters(db, orgId, { keys, prefixes: ["rooms:"] });
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
