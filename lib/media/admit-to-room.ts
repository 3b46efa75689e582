import type { Db } from "@/lib/db";
import { mediaPlane } from "@/lib/media/media-plane";
import { type PlacedRoom, roomNode } from "@/lib/media/place-room";
import type { MediaCredential, MediaGrant } from "@/lib/media/plane";
import { type IceServer, turnIceServers } from "@/lib/media/turn-credentials";

/**
 * Admits one identity to one room on the configured media plane: the room is placed and opened
 * when needed (lib/media/place-room.ts), then the driver signs the credential. Undefined with
 * SVC_MEDIA_PLANE=none. Every room-token minter calls this (lib/tokens/mint-room-token.ts), so an
 * API-key token and a share-link guest token carry the same `media` field, with time-limited TURN
 * credentials (`ice_servers`) when a relay is configured (docs/decisions/1248).
 */
export async function admitToRoom(
  db: Db,
  room: PlacedRoom,
  grant: Omit<MediaGrant, "roomId" | "roomType">,
): Promise<(MediaCredential & { ice_servers?: IceServer[] }) | undefined> {
  const plane = mediaPlane();
  if (!plane) return undefined;
  const node = await roomNode(db, plane, room);
  const credential = plane.credential(node, { ...grant, roomId: room.id, roomType: room.type });
  const ice = turnIceServers(grant.identity, grant.expiresAt);
  return ice ? { ...credential, ice_servers: ice } : credential;
}
