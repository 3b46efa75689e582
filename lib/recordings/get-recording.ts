import type { Db } from "@/lib/db";
import { findRecording, recordingNotFound } from "@/lib/recordings/find-recording";
import type { RecordingDto } from "@/lib/recordings/recording-schema";
import { serializeRecording } from "@/lib/recordings/serialize-recording";

/** GET /v1/workspace/recordings/:id: a completed recording, as the list shows it; others are 404. */
export async function getRecording(db: Db, orgId: string, id: string): Promise<RecordingDto> {
  const row = await findRecording(db, orgId, id);
  if (row.state !== "completed") throw recordingNotFound();
  return serializeRecording(row);
}
