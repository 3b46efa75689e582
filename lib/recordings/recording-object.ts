/**
 * Where a recording's file lives and what it is (docs/decisions/1081). The Janus agent makes WebM
 * (VP8 video, Opus audio: the codecs the browsers sent, no transcoding); another media plane may
 * store MP4. The key's extension says which, and the download link's filename and Content-Type
 * follow it, so neither claims a container the bytes are not.
 */

export const RECORDING_CONTAINERS = {
  webm: "video/webm",
  mp4: "video/mp4",
} as const;
export type RecordingContainer = keyof typeof RECORDING_CONTAINERS;

/** What the service's own recording agent makes (docs/decisions/1081). */
export const AGENT_CONTAINER: RecordingContainer = "webm";

/** The object key the service issues an upload for: one per recording, in its org's prefix. */
export function recordingObjectKey(
  orgId: string,
  recordingId: string,
  container: RecordingContainer = AGENT_CONTAINER,
): string {
  return `recordings/${orgId}/${recordingId}.${container}`;
}

/** The container of a stored key (its extension); keys of older rows without one are MP4. */
export function containerOf(key: string): RecordingContainer {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return ext === "webm" ? "webm" : "mp4";
}

export const contentTypeOf = (key: string): string => RECORDING_CONTAINERS[containerOf(key)];
