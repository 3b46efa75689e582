import { env } from "@/lib/env";

/**
 * The origins the share-link page may connect to besides its own (CSP `connect-src`,
 * docs/decisions/1033-the-join-page-connects-to-media-nodes.md): every media node's public URL
 * (JANUS_PUBLIC_URL, ws(s) or http(s)), when a media plane is configured; LiveKit's server
 * (LIVEKIT_URL) under both schemes, as livekit-client signals over WebSocket and checks a failed
 * connection over HTTP (`/rtc/validate`). Empty otherwise, so the console's pages and a service
 * without media stay at `'self'`.
 */
export function mediaConnectSources(): string[] {
  if (env.SVC_MEDIA_PLANE === "livekit" && env.LIVEKIT_URL) {
    const u = new URL(env.LIVEKIT_URL);
    const secure = u.protocol === "wss:" || u.protocol === "https:";
    return [`${secure ? "wss" : "ws"}://${u.host}`, `${secure ? "https" : "http"}://${u.host}`];
  }
  if (env.SVC_MEDIA_PLANE !== "janus") return [];
  const origins = new Set<string>();
  for (const url of env.JANUS_PUBLIC_URL ?? []) {
    const u = new URL(url);
    origins.add(`${u.protocol}//${u.host}`);
  }
  return [...origins];
}
