import { env } from "@/lib/env";
import { mediaPlane } from "@/lib/media/media-plane";

/**
 * Whether `/r/{short_code}` lets a person into the room in the browser
 * (docs/decisions/1030-what-a-share-link-grants.md): only when this service runs a media plane and
 * the operator has not sent guests to their own app with SVC_JOIN_URL. Otherwise the share link
 * grants nothing, and its page is the lobby of docs/decisions/0841.
 */
export function browserJoinAvailable(): boolean {
  return mediaPlane() !== undefined && !env.SVC_JOIN_URL;
}
