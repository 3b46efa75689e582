import type { Db } from "@/lib/db";
import { lastDays } from "@/lib/insights/days";
import { type Activity, loadActivity } from "@/lib/insights/load-activity";
import { type Checklist, loadChecklist } from "@/lib/insights/load-checklist";
import { loadRoomFigures, type RoomFigures } from "@/lib/insights/load-room-figures";

export interface OrgInsights {
  /** The window's UTC days, oldest first; every per-day series lines up with it. */
  days: string[];
  checklist: Checklist;
  rooms: RoomFigures;
  activity: Activity;
}

/**
 * Everything the console's overview shows for one org, in one call: the getting-started checklist
 * and the live figures with their 7-day series. Built to stay fast at a million rooms (no query
 * scans rooms or history); `npm run bench` can time it directly with a db and an org id.
 */
export async function loadOrgInsights(db: Db, orgId: string, now: Date = new Date()): Promise<OrgInsights> {
  const [checklist, rooms, activity] = await Promise.all([
    loadChecklist(db, orgId),
    loadRoomFigures(db, orgId, now),
    loadActivity(db, orgId, now),
  ]);
  return { days: lastDays(now), checklist, rooms, activity };
}
