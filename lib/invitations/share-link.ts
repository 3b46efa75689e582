import { env } from "@/lib/env";
import { roomShareLink } from "@/lib/invitations/share-link-format";

/**
 * Where share links point (docs/decisions/0840). With SVC_MEET_HOST: `https://<host>`, as docs/spec/service-spec.md
 * says. Without it, the scheme and host of SVC_BASE_URL, so a local `http://` install hands out
 * links that open instead of failing on TLS.
 */
export function shareLinkBase(): string {
  return env.SVC_MEET_HOST ? `https://${env.SVC_MEET_HOST}` : new URL(env.baseUrl).origin;
}

/** The share link of a room, used by the console and by invitation emails alike. */
export function shareLink(shortCode: string): string {
  return roomShareLink(shareLinkBase(), shortCode);
}
