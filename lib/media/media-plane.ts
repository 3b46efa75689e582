import { env } from "@/lib/env";
import { findDriver } from "@/lib/media/driver-registry";
import type { MediaPlaneDriver } from "@/lib/media/plane";
import { storageConfig } from "@/lib/storage/storage-config";

let current: { key: string; driver: MediaPlaneDriver | undefined } | undefined;

/**
 * The configured media plane's driver (SVC_MEDIA_PLANE, built by its registration in
 * lib/media/driver-registry.ts), or undefined with `none`: rooms are then moved only by reports to
 * POST /v1/internal/media-events, as before the media plane existed. Built once per configuration
 * (tests switch it with overrideEnvForTests).
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
    env.JANUS_STREAMER_URL,
    env.SVC_RECORDER_SECRET,
  ].join("|");
  if (current?.key === key) return current.driver;
  const driver = findDriver(env.SVC_MEDIA_PLANE)?.build(env, { storage: storageConfig });
  current = { key, driver };
  return driver;
}
