import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { roomActivity, roomParticipantNames, roomParticipants, rooms } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { validationError } from "@/lib/http/errors";
import type { LiveListQuery, PresentParticipantDto, TimelineEntryDto } from "@/lib/media/live-schema";
import { QOS_KINDS } from "@/lib/media/media-report-schema";
import { roomNotFound } from "@/lib/rooms/get-room";

/**
 * GET rooms/:id/participants and GET rooms/:id/timeline: newest first, keyset-paginated like every
 * list (lib/pagination.ts), on (instant, key) where the key is the identity or the entry id. The
 * room is looked up in the caller's org first: another org's room is 404 (docs/spec/product-decisions.md §1).
 */

type Keyset = { at: Date; key: string };

function encode(k: Keyset): string {
  return Buffer.from(JSON.stringify([k.at.toISOString(), k.key])).toString("base64url");
}

function decode(raw: string): Keyset {
  const bad = () =>
    validationError([{ path: "cursor", message: "cursor is not a value this API returned." }]);
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw bad();
  const [iso, key] = parsed;
  if (typeof iso !== "string" || typeof key !== "string" || key.length === 0 || key.length > 256) throw bad();
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== iso) throw bad();
  return { at, key };
}

function after(atCol: PgColumn, keyCol: PgColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const c = decode(cursor);
  return sql`(${atCol}, ${keyCol}) < (${c.at.toISOString()}::timestamptz, ${c.key})`;
}

/** The room in the caller's org, or 404; by `rm_` id only (the console and the API link by id). */
async function roomInOrg(db: DbOrTx, orgId: string, roomId: string) {
  const [room] = await db
    .select({ id: rooms.id, createdAt: rooms.createdAt })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.orgId, orgId)))
    .limit(1);
  if (!room) throw roomNotFound();
  return room;
}

export async function listParticipants(
  db: DbOrTx,
  orgId: string,
  roomId: string,
  q: LiveListQuery,
): Promise<{ items: PresentParticipantDto[]; next_cursor: string | null }> {
  await roomInOrg(db, orgId, roomId);
  // room_participants_present_idx (room_id, joined_at desc, identity desc) where left_at is null.
  const rows = await db
    .select({
      identity: roomParticipants.identity,
      joinedAt: roomParticipants.joinedAt,
      displayName: roomParticipantNames.displayName,
    })
    .from(roomParticipants)
    // Names by their primary key (room_id, identity), one probe per listed person.
    .leftJoin(
      roomParticipantNames,
      and(
        eq(roomParticipantNames.roomId, roomParticipants.roomId),
        eq(roomParticipantNames.identity, roomParticipants.identity),
      ),
    )
    .where(
      and(
        eq(roomParticipants.roomId, roomId),
        isNull(roomParticipants.leftAt),
        after(roomParticipants.joinedAt, roomParticipants.identity, q.cursor),
      ),
    )
    .orderBy(sql`${roomParticipants.joinedAt} desc`, sql`${roomParticipants.identity} desc`)
    .limit(q.limit + 1);
  const pageRows = rows.slice(0, q.limit);
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map((r) => ({
      identity: r.identity,
      display_name: r.displayName,
      joined_at: r.joinedAt.toISOString(),
    })),
    next_cursor: rows.length > q.limit && last ? encode({ at: last.joinedAt, key: last.identity }) : null,
  };
}

const qosKind = (v: string | undefined) => QOS_KINDS.find((k) => k === v);

/**
 * The timeline: the recorded activity newest first, and the room's creation (the room row) as the
 * last entry of the last page. Creation comes last whatever a reporter's clock said.
 */
export async function listTimeline(
  db: DbOrTx,
  orgId: string,
  roomId: string,
  q: LiveListQuery,
): Promise<{ items: TimelineEntryDto[]; next_cursor: string | null }> {
  const room = await roomInOrg(db, orgId, roomId);
  const created: TimelineEntryDto = {
    id: room.id,
    type: "room.created",
    occurred_at: room.createdAt.toISOString(),
    identity: null,
    display_name: null,
    recording_id: null,
    qos: null,
  };
  // The page after a full last page of activity holds the creation alone.
  if (q.cursor === encode({ at: room.createdAt, key: room.id }))
    return { items: [created], next_cursor: null };
  // room_activity_room_idx (room_id, occurred_at desc, id desc).
  const rows = await db
    .select({
      id: roomActivity.id,
      type: roomActivity.type,
      identity: roomActivity.identity,
      detail: roomActivity.detail,
      occurredAt: roomActivity.occurredAt,
      displayName: roomParticipantNames.displayName,
    })
    .from(roomActivity)
    .leftJoin(
      roomParticipantNames,
      and(
        eq(roomParticipantNames.roomId, roomActivity.roomId),
        eq(roomParticipantNames.identity, roomActivity.identity),
      ),
    )
    .where(and(eq(roomActivity.roomId, roomId), after(roomActivity.occurredAt, roomActivity.id, q.cursor)))
    .orderBy(sql`${roomActivity.occurredAt} desc`, sql`${roomActivity.id} desc`)
    .limit(q.limit + 1);
  const items: TimelineEntryDto[] = rows.slice(0, q.limit).map((r) => {
    const kind = qosKind(r.detail?.qos_kind);
    return {
      id: r.id,
      type: r.type,
      occurred_at: r.occurredAt.toISOString(),
      identity: r.identity,
      display_name: r.displayName,
      recording_id: r.detail?.recording_id ?? null,
      qos: kind && typeof r.detail?.qos_value === "number" ? { kind, value: r.detail.qos_value } : null,
    };
  });
  if (rows.length > q.limit) {
    const last = rows[q.limit - 1];
    return { items, next_cursor: last ? encode({ at: last.occurredAt, key: last.id }) : null };
  }
  // The activity is exhausted: creation closes the timeline, on this page or the next.
  if (items.length < q.limit) return { items: [...items, created], next_cursor: null };
  return { items, next_cursor: encode({ at: room.createdAt, key: room.id }) };
}
