import type { RoomType } from "@/lib/rooms/room-type-values";

/**
 * How many participants may send media at once in a room of each type: the type's shape (a `1to1`
 * room is two people; a webinar has a panel, a live room a few broadcasters), not a billing limit.
 * The one declaration, enforced on every media plane (docs/media-plane.md "Room-type rules"):
 * Janus refuses the extra publisher itself (the room's `publishers`: 432 when it starts
 * publishing), on other planes the
 * service removes the extra publisher as soon as its join is reported
 * (lib/media/enforce-publisher-limit.ts).
 */
export const MAX_PUBLISHERS: Record<RoomType, number> = { meeting: 100, "1to1": 2, webinar: 25, live: 10 };

/** Roles that may send media (docs/spec/product-decisions.md §5); a viewer only subscribes. */
export const PUBLISHING_ROLES: ReadonlySet<string> = new Set(["publisher", "broadcaster"]);

export function maxPublishers(type: RoomType): number {
  return MAX_PUBLISHERS[type];
}
