/** Zod-free, so client components (labels, pickers) import them without pulling zod into a page. */
import { ROOM_RECORD_MODES, ROOM_STATES, ROOM_TYPES } from "@/db/enums";

export { ROOM_RECORD_MODES, ROOM_STATES, ROOM_TYPES };
/** off | manual | auto (docs/decisions/1080). */
export type RoomRecordMode = (typeof ROOM_RECORD_MODES)[number];
export type RoomType = (typeof ROOM_TYPES)[number];
export type RoomState = (typeof ROOM_STATES)[number];

/** docs/spec/product-decisions.md §3: legacy names accepted at ingress, never returned. */
export const ROOM_TYPE_ALIASES = {
  broadcast: "live",
  "one-to-one": "1to1",
  p2p: "1to1",
} as const satisfies Record<string, RoomType>;

export function normaliseRoomType(value: string): RoomType | undefined {
  if ((ROOM_TYPES as readonly string[]).includes(value)) return value as RoomType;
  return (ROOM_TYPE_ALIASES as Record<string, RoomType>)[value];
}
