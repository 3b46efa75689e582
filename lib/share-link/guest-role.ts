import type { RoomType } from "@/lib/rooms/room-types";
import type { RoomRole } from "@/lib/tokens/capabilities";

/**
 * What a share link grants (docs/decisions/1030-what-a-share-link-grants.md): people in meetings
 * and one-to-one calls take part, the audience of webinars and live rooms watches and listens.
 */
export const GUEST_ROLE = {
  meeting: "publisher",
  "1to1": "publisher",
  webinar: "viewer",
  live: "viewer",
} as const satisfies Record<RoomType, RoomRole>;
