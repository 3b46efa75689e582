import type { KeyGrant } from "@/lib/api-keys/key-format";
import type { RoomType } from "@/lib/rooms/room-types";

/** docs/spec/product-decisions.md §5, as data: which roles a room type admits and what each role may do. */

export const ROOM_ROLES = ["publisher", "broadcaster", "viewer"] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];

export const CAPABILITIES = [
  "publish:camera",
  "publish:mic",
  "publish:screen",
  "publish:data",
  "subscribe:all",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** `classroom` is reserved: no capability matrix yet (422 `room_type_preview`). */
export const PREVIEW_ROOM_TYPES = ["classroom"] as const;

export const ROLES_BY_ROOM_TYPE = {
  meeting: ["publisher", "viewer"],
  webinar: ["publisher", "viewer"],
  "1to1": ["publisher", "viewer"],
  live: ["broadcaster", "viewer"],
} as const satisfies Record<RoomType, readonly RoomRole[]>;

export const CAPABILITIES_BY_ROLE = {
  publisher: CAPABILITIES,
  broadcaster: CAPABILITIES,
  viewer: ["subscribe:all"],
} as const satisfies Record<RoomRole, readonly Capability[]>;

/** The key grant a role needs: publishing roles need `publish`, viewers `subscribe`. */
export const GRANT_BY_ROLE = {
  publisher: "publish",
  broadcaster: "publish",
  viewer: "subscribe",
} as const satisfies Record<RoomRole, KeyGrant>;

export function rolesFor(type: RoomType): readonly RoomRole[] {
  return ROLES_BY_ROOM_TYPE[type];
}

/**
 * The token's capabilities: the pair's full set, or the requested subset in the matrix's order.
 * Returns the requested caps the pair does not allow when there are any.
 */
export function resolveCapabilities(
  role: RoomRole,
  requested: readonly Capability[] | undefined,
): { caps: Capability[] } | { outside: Capability[] } {
  const allowed: readonly Capability[] = CAPABILITIES_BY_ROLE[role];
  if (!requested || requested.length === 0) return { caps: [...allowed] };
  const outside = [...new Set(requested.filter((c) => !allowed.includes(c)))];
  if (outside.length > 0) return { outside };
  return { caps: allowed.filter((c) => requested.includes(c)) };
}
