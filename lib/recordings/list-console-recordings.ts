import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { projects, recordings, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { countSelectionUpTo } from "@/lib/pagination";
import { cutAtInstant } from "@/lib/recordings/list-recordings";
import type { RecordingDto } from "@/lib/recordings/recording-schema";
import { serializeRecording } from "@/lib/recordings/serialize-recording";
import { findRoom } from "@/lib/rooms/find-room";

export interface ConsoleRecording extends RecordingDto {
  room_name: string;
  room_short_code: string;
  project_id: string;
  project_name: string;
}

export interface ConsoleRecordingFilters {
  projectId?: string | undefined;
  /** A room's id or share code (that room), or the start of room names (any case). */
  room?: string | undefined;
  /** Started at or after. */
  since?: Date | undefined;
  /** Started before (exclusive): also the next page's position (docs/decisions/0921). */
  until?: Date | undefined;
}

export const CONSOLE_RECORDINGS_PAGE = 50;

/**
 * The console's recordings table: the API's list plus the names a person reads, filtered by
 * project, room and a date range, one page at a time (issue 38). A page ends between instants, and
 * `until` = its last `started_at` continues it, as GET /v1/workspace/recordings does.
 */
export async function listConsoleRecordings(
  db: Db,
  orgId: string,
  f: ConsoleRecordingFilters = {},
  limit = CONSOLE_RECORDINGS_PAGE,
): Promise<{ items: ConsoleRecording[]; nextUntil: string | null }> {
  const where = await recordingFilters(db, orgId, f);
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
    // recordings_org_state_started_idx (or recordings_project_state_started_idx, recordings_room_idx).
    .where(where)
    .orderBy(desc(recordings.startedAt), desc(recordings.id))
    .limit(limit + 1);
  const kept = cutAtInstant(
    rows.map((r) => r.recording),
    limit,
  );
  const byId = new Map(rows.map((r) => [r.recording.id, r]));
  const items = kept.map((rec) => {
    const r = byId.get(rec.id);
    return {
      ...serializeRecording(rec),
      room_name: r?.roomName ?? "",
      room_short_code: r?.shortCode ?? "",
      project_id: rec.projectId,
      project_name: r?.projectName ?? "",
    };
  });
  const last = kept[kept.length - 1];
  return { items, nextUntil: rows.length > limit && last ? last.startedAt.toISOString() : null };
}

/** The filters of the table and its count: a room by id or share code, else a room-name prefix. */
async function recordingFilters(db: Db, orgId: string, f: ConsoleRecordingFilters) {
  let roomId: string | undefined;
  let namePrefix: string | undefined;
  if (f.room) {
    const exact = await findRoom(db, f.room, { orgId });
    if (exact) roomId = exact.id;
    else namePrefix = f.room.toLowerCase();
  }
  return and(
    eq(recordings.orgId, orgId),
    eq(recordings.state, "completed"),
    f.projectId ? eq(recordings.projectId, f.projectId) : undefined,
    roomId ? eq(recordings.roomId, roomId) : undefined,
    namePrefix !== undefined
      ? sql`lower(${rooms.name}) like ${`${namePrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
    f.since ? gte(recordings.startedAt, f.since) : undefined,
    f.until ? lt(recordings.startedAt, f.until) : undefined,
  );
}

/** How many recordings the filters match, every page together (`until` aside): the table's "of 66". */
export async function countConsoleRecordings(
  db: Db,
  orgId: string,
  f: Omit<ConsoleRecordingFilters, "until"> & { until?: Date | undefined },
): Promise<number> {
  const where = await recordingFilters(db, orgId, f);
  return countSelectionUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(recordings)
      .innerJoin(rooms, eq(rooms.id, recordings.roomId))
      .where(where),
  );
}
