import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { recordings } from "@/db/schema";
import type { Db } from "@/lib/db";
import { serializeRecording } from "@/lib/recordings/serialize-recording";

/** See docs/decisions/0003: `items` only, newest first, bounded, optionally filtered. */
export const RECORDINGS_LIST_MAX = 1000;

export const listRecordingsQuery = z.object({
  project_id: z.string().min(1).max(64).optional(),
  room_id: z.string().min(1).max(64).optional(),
});

export async function listRecordings(db: Db, orgId: string, q: z.output<typeof listRecordingsQuery>) {
  const rows = await db
    .select()
    .from(recordings)
    .where(
      and(
        eq(recordings.orgId, orgId),
        eq(recordings.state, "completed"),
        q.project_id ? eq(recordings.projectId, q.project_id) : undefined,
        q.room_id ? eq(recordings.roomId, q.room_id) : undefined,
      ),
    )
    .orderBy(desc(recordings.startedAt), desc(recordings.id))
    .limit(RECORDINGS_LIST_MAX);
  return { items: rows.map(serializeRecording) };
}
