import { z } from "zod";
import {
  normaliseRoomType,
  ROOM_RECORD_MODES as ROOM_RECORD_MODES_LIST,
  ROOM_TYPE_ALIASES,
  ROOM_TYPES,
  type RoomType,
} from "@/lib/rooms/room-type-values";

export {
  normaliseRoomType,
  ROOM_RECORD_MODES,
  ROOM_STATES,
  ROOM_TYPE_ALIASES,
  ROOM_TYPES,
  type RoomRecordMode,
  type RoomState,
  type RoomType,
} from "@/lib/rooms/room-type-values";

const ACCEPTED = [...ROOM_TYPES, ...(Object.keys(ROOM_TYPE_ALIASES) as (keyof typeof ROOM_TYPE_ALIASES)[])];

/** An enum in the document (generated clients refuse what the server refuses), normalised on parse. */
export const roomTypeInput = z
  .enum(ACCEPTED, { error: `type must be one of ${ACCEPTED.join(", ")}` })
  // The enum admits only names normaliseRoomType knows; the fallback is never reached.
  .transform((v): RoomType => normaliseRoomType(v) ?? "meeting");

/** The room's `record` option on create and PATCH (docs/decisions/1080). */
export const roomRecordInput = z
  .enum(ROOM_RECORD_MODES_LIST, {
    error: "record must be one of off, manual, auto",
  })
  .meta({
    description:
      "Recording: `off` (never), `manual` (started and stopped through the API or the console; the default), `auto` (starts when the first participant joins).",
  });
