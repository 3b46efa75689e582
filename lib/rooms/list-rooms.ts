import { eq, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { hasPrefix } from "@/lib/ids";
import { countUpTo, listNewestFirst } from "@/lib/pagination";
import type { ListRoomsQuery, RoomListItemDto } from "@/lib/rooms/room-schema";
import { type RoomDtoSource, serializeRoom } from "@/lib/rooms/serialize-room";
import { normaliseShortCode } from "@/lib/rooms/short-code";

/** What serializeRoom reads, and no more (decision 0864). */
const LIST_COLUMNS = {
  id: rooms.id,
  name: rooms.name,
  type: rooms.type,
  state: rooms.state,
  projectId: rooms.projectId,
  shortCode: rooms.shortCode,
  createdAt: rooms.createdAt,
  record: rooms.record,
  activeParticipants: rooms.activeParticipants,
} satisfies Record<keyof RoomDtoSource | "activeParticipants", PgColumn>;

/**
 * Name starts with `prefix`, as a byte-order range (`~>=~`, `~<~`: the operators of the index's
 * text_pattern_ops): unlike `LIKE $1`, a range stays an index condition in a prepared statement's
 * generic plan, and needs no escaping.
 */
function namePrefix(prefix: string) {
  const lower = prefix.toLowerCase();
  const upper = lower.slice(0, -1) + String.fromCharCode(lower.charCodeAt(lower.length - 1) + 1);
  return sql`(lower(${rooms.name}) ~>=~ ${lower} and lower(${rooms.name}) ~<~ ${upper})`;
}

/**
 * The search (docs/decisions/1072): a name prefix, any case (rooms_org_name_idx), or the exact share
 * code with or without dashes (rooms_short_code_key), or the exact id (the primary key).
 */
function search(q: string) {
  const code = normaliseShortCode(q);
  return or(
    namePrefix(q),
    code ? eq(rooms.shortCode, code) : undefined,
    hasPrefix("room", q) ? eq(rooms.id, q) : undefined,
  );
}

/** The list's filters; its count (the console's "25 of 66") uses the very same ones. */
function roomFilters(orgId: string, q: Omit<ListRoomsQuery, "limit" | "cursor">) {
  // rooms_org_created_idx, or rooms_org_state_created_idx with a state, or
  // rooms_project_created_idx with a project; a search ORs the indexes of search().
  return [
    eq(rooms.orgId, orgId),
    q.project_id ? eq(rooms.projectId, q.project_id) : undefined,
    q.state ? eq(rooms.state, q.state) : undefined,
    q.q ? search(q.q) : undefined,
  ];
}

/** How many rooms the list's filters match (capped: lib/pagination.ts `countUpTo`). */
export function countRooms(db: Db, orgId: string, q: Omit<ListRoomsQuery, "limit" | "cursor">) {
  return countUpTo(db, rooms, roomFilters(orgId, q));
}

export async function listRooms(db: Db, orgId: string, q: ListRoomsQuery) {
  const filters = roomFilters(orgId, q);
  return listNewestFirst(
    db,
    rooms,
    filters,
    q,
    (r): RoomListItemDto => ({ ...serializeRoom(r), active_participants: r.activeParticipants }),
    LIST_COLUMNS,
  );
}
