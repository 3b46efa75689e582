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

const ACCEPTED = [...ROOM_TYPES, ...Object.keys(ROOM_TYPE_ALIASES)] as [string, ...string[]];

export const roomTypeInput = z
  .string({ error: `type must be one of ${ACCEPTED.join(", ")}` })
  .refine((v) => normaliseRoomType(v) !== undefined, `type must be one of ${ACCEPTED.join(", ")}`)
  .transform((v) => normaliseRoomType(v) as RoomType);
