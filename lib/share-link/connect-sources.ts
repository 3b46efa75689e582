import { env } from "@/lib/env";
import { findDriver } from "@/lib/media/driver-registry";

/**
 * The origins the share-link page may connect to besides its own (CSP `connect-src`,
 * docs/decisions/1033-the-join-page-connects-to-media-nodes.md): those the configured media
 * plane's registration names (lib/media/driver-registry.ts; Janus: every node's public URL;
 * LiveKit: its server under both schemes). Empty without a media plane, so the console's pages
 * and a service without media stay at `'self'`.
 */
export function mediaConnectSources(): string[] {
  return findDriver(env.SVC_MEDIA_PLANE)?.connectSources(env) ?? [];
}
