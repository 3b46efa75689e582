import type { PublicProvider } from "@/lib/media/driver-registry";
import type { JanusGrant, JoinOptions, RoomConnection } from "@/lib/media-client/janus-videoroom";
import type { LivekitGrant } from "@/lib/media-client/livekit-room";

/** The room token's `media`: which client enters the room follows its provider. */
export type RoomGrant = JanusGrant | LivekitGrant;

/** What the page hands every client besides the grant. */
export type MediaClientCallbacks = Omit<JoinOptions, "grant">;

type Loader<P extends PublicProvider> = (
  grant: Extract<RoomGrant, { provider: P }>,
  callbacks: MediaClientCallbacks,
) => Promise<RoomConnection>;

/**
 * The join page's media clients, one per provider of the driver registry
 * (lib/media/driver-registry.ts; the type is derived from it, so a registered driver without a
 * client here does not compile). Each is imported when a room is entered, so a page loads only its
 * plane's client. This table lives in the browser bundle: it imports only types from the server's.
 */
const LOADERS: { [P in PublicProvider]: Loader<P> } = {
  janus: async (grant, callbacks) =>
    (await import("@/lib/media-client/janus-videoroom")).joinRoom({ ...callbacks, grant }),
  livekit: async (grant, callbacks) =>
    (await import("@/lib/media-client/livekit-room")).joinRoom({ ...callbacks, grant }),
};

/** Enters the room with its plane's client. */
export function joinMediaRoom(grant: RoomGrant, callbacks: MediaClientCallbacks): Promise<RoomConnection> {
  // The grant's provider picks its own loader: the pair always matches (TypeScript cannot relate them).
  const load = LOADERS[grant.provider] as Loader<PublicProvider>;
  return load(grant as never, callbacks);
}
