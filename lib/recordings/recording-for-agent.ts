import { eq } from "drizzle-orm";
import { recordings } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { AgentRecordingDto } from "@/lib/recordings/recorder-schema";
import { contentTypeOf, recordingFileKey } from "@/lib/recordings/recording-object";

type RecordingRow = typeof recordings.$inferSelect;

/** A recording by id for an agent (any org: agents serve the whole media plane), or 404. */
export async function findAgentRecording(db: DbOrTx, id: string): Promise<RecordingRow> {
  const [row] = await db.select().from(recordings).where(eq(recordings.id, id)).limit(1);
  if (!row) throw new ApiError("not_found", "No such recording (deleted, or never started here).");
  return row;
}

/** The key the agent's MP4 goes to: always the one the service derives (docs/decisions/1245). */
export const agentObjectKey = (row: RecordingRow): string => recordingFileKey(row);

/** GET /v1/internal/recorder/recordings/:id: what the agent needs to decide what to do next. */
export async function recordingForAgent(db: DbOrTx, id: string): Promise<AgentRecordingDto> {
  const row = await findAgentRecording(db, id);
  const key = agentObjectKey(row);
  return {
    id: row.id,
    room_id: row.roomId,
    state: row.state,
    stopped: row.stoppedAt !== null || row.state === "completed" || row.state === "failed",
    ready: row.readyAt !== null,
    object_key: key,
    content_type: contentTypeOf(key),
  };
}
