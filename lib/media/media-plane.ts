import { env } from "@/lib/env";
import { janusDriver } from "@/lib/media/janus/driver";
import { livekitDriver } from "@/lib/media/livekit/driver";
import type { MediaPlaneDriver } from "@/lib/media/plane";
import { storageConfig } from "@/lib/storage/storage-config";

let current: { key: string; driver: MediaPlaneDriver | undefined } | undefined;

/**
 * The configured media plane's driver (SVC_MEDIA_PLANE), or undefined with `none`: rooms are then
 * moved only by reports to POST /v1/internal/media-events, as before the media plane existed.
 * Built once per configuration (tests switch it with overrideEnvForTests).
 */
export function mediaPlane(): MediaPlaneDriver | undefined {
  const key = [
    env.SVC_MEDIA_PLANE,
    env.JANUS_URL,
    env.JANUS_PUBLIC_URL,
    env.JANUS_TOKEN_SECRET,
    env.LIVEKIT_URL,
    env.LIVEKIT_API_KEY,
    env.LIVEKIT_API_SECRET,
    env.JANUS_RECORDINGS_DIR,
  ].join("|");
  if (current?.key === key) return current.driver;
  let driver: MediaPlaneDriver | undefined;
  if (env.SVC_MEDIA_PLANE === "janus" && env.JANUS_URL && env.JANUS_PUBLIC_URL && env.JANUS_TOKEN_SECRET) {
    driver = janusDriver({
      urls: env.JANUS_URL,
      publicUrls: env.JANUS_PUBLIC_URL,
      tokenSecret: env.JANUS_TOKEN_SECRET,
      recordingsDir: env.JANUS_RECORDINGS_DIR,
    });
  }
  if (env.SVC_MEDIA_PLANE === "livekit" && env.LIVEKIT_URL && env.LIVEKIT_API_KEY && env.LIVEKIT_API_SECRET) {
    driver = livekitDriver({
      url: env.LIVEKIT_URL,
      apiKey: env.LIVEKIT_API_KEY,
      apiSecret: env.LIVEKIT_API_SECRET,
      storage: storageConfig,
    });
  }
  current = { key, driver };
  return driver;
}
