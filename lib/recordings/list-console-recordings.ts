import { and, desc, eq } from "drizzle-orm";
import { projects, recordings, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { RECORDINGS_LIST_MAX } from "@/lib/recordings/list-recordings";
import type { RecordingDto } from "@/lib/recordings/recording-schema";
import { serializeRecording } from "@/lib/recordings/serialize-recording";

export interface ConsoleRecording extends RecordingDto {
  room_name: string;
  room_short_code: string;
  project_id: string;
  project_name: string;
}

/** The console's recordings table: the API's list plus the names a person reads. */
export async function listConsoleRecordings(db: Db, orgId: string): Promise<ConsoleRecording[]> {
  const rows = await db
    .select({
      recording: recordings,
      roomName: rooms.name,
      shortCode: rooms.shortCode,
      projectName: projects.name,
    })
    .from(recordings)
    .innerJoin(rooms, eq(rooms.id, recordings.roomId))
    .innerJoin(projects, eq(projects.id, recordings.projectId))
    // Served by recordings_org_state_started_idx, like GET /v1/workspace/recordings.
    .where(and(eq(recordings.orgId, orgId), eq(recordings.state, "completed")))
    .orderBy(desc(recordings.startedAt), desc(recordings.id))
    .limit(RECORDINGS_LIST_MAX);
  return rows.map((r) => ({
    ...serializeRecording(r.recording),
    room_name: r.roomName,
    room_short_code: r.shortCode,
    project_id: r.recording.projectId,
    project_name: r.projectName,
  }));
}
