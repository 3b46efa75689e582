import { z } from "zod";
import {
  normaliseRoomType,
  ROOM_TYPE_ALIASES,
  ROOM_TYPES,
  type RoomType,
} from "@/lib/rooms/room-type-values";

export {
  normaliseRoomType,
  ROOM_STATES,
  ROOM_TYPE_ALIASES,
  ROOM_TYPES,
  type RoomState,
  type RoomType,
} from "@/lib/rooms/room-type-values";

const ACCEPTED = [...ROOM_TYPES, ...(Object.keys(ROOM_TYPE_ALIASES) as (keyof typeof ROOM_TYPE_ALIASES)[])];

/** An enum in the document (generated clients refuse what the server refuses), normalised on parse. */
export const roomTypeInput = z
  .enum(ACCEPTED, { error: `type must be one of ${ACCEPTED.join(", ")}` })
  // The enum admits only names normaliseRoomType knows; the fallback is never reached.
  .transform((v): RoomType => normaliseRoomType(v) ?? "meeting");
