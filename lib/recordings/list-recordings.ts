import { and, desc, eq, gte, lt } from "drizzle-orm";
import { recordings } from "@/db/schema";
import type { Db } from "@/lib/db";
import type { ListRecordingsQuery } from "@/lib/recordings/recording-schema";
import { serializeRecording } from "@/lib/recordings/serialize-recording";

export { listRecordingsQuery } from "@/lib/recordings/recording-schema";

/** See docs/decisions/0003: `items` only, newest first, bounded, optionally filtered. */
export const RECORDINGS_LIST_MAX = 1000;

type Row = typeof recordings.$inferSelect;

/**
 * A full page never ends in the middle of an instant: recordings sharing the first left-out row's
 * `started_at` are left out too, so `until=<last item's started_at>` (exclusive) continues exactly
 * where this page stopped (docs/decisions/0921). Only if a whole page shares one instant is it cut.
 */
export function cutAtInstant(rows: readonly Row[], max: number): Row[] {
  if (rows.length <= max) return [...rows];
  const boundary = rows[max]?.startedAt.getTime();
  const kept = rows.slice(0, max).filter((r) => r.startedAt.getTime() !== boundary);
  return kept.length > 0 ? kept : rows.slice(0, max);
}

export async function listRecordings(
  db: Db,
  orgId: string,
  q: ListRecordingsQuery,
  max = RECORDINGS_LIST_MAX,
) {
  const rows = await db
    .select()
    .from(recordings)
    .where(
      // recordings_org_state_started_idx, or recordings_project_state_started_idx with project_id.
      and(
        eq(recordings.orgId, orgId),
        eq(recordings.state, "completed"),
        q.project_id ? eq(recordings.projectId, q.project_id) : undefined,
        q.room_id ? eq(recordings.roomId, q.room_id) : undefined,
        q.until ? lt(recordings.startedAt, new Date(q.until)) : undefined,
        q.since ? gte(recordings.startedAt, new Date(q.since)) : undefined,
      ),
    )
    .orderBy(desc(recordings.startedAt), desc(recordings.id))
    .limit(max + 1);
  return { items: cutAtInstant(rows, max).map(serializeRecording) };
}
