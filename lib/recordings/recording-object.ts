/**
 * Where a recording's files live and what they are (docs/decisions/1245, 1246). Every key is
 * derived by the service from the recording's own org, room and id: no report, agent or media
 * server names a key the service then serves or deletes (issue 42 item 7). A recording owns one
 * prefix, `recordings/<org>/<room>/<recording>/`, holding the downloadable MP4 and its HLS
 * rendition (`hls/index.m3u8` and the media it lists).
 */

export const RECORDING_CONTAINERS = {
  webm: "video/webm",
  mp4: "video/mp4",
} as const;
export type RecordingContainer = keyof typeof RECORDING_CONTAINERS;

/** The ids a key is built from: the service's own (lib/ids.ts), letters and digits after a prefix. */
const ID = {
  org: /^org_[A-Za-z0-9]{1,64}$/,
  room: /^rm_[A-Za-z0-9]{1,64}$/,
  recording: /^rec_[A-Za-z0-9]{1,64}$/,
};

export interface RecordingIdentity {
  orgId: string;
  roomId: string;
  id: string;
}

function checked(r: RecordingIdentity): RecordingIdentity {
  // Ids come from our own rows; a value that is not one would make a key outside the layout.
  if (!ID.org.test(r.orgId) || !ID.room.test(r.roomId) || !ID.recording.test(r.id))
    throw new Error(`not a recording's identity: ${JSON.stringify(r)}`);
  return r;
}

/** The recording's own prefix (ends in `/`): nothing of another recording can lie under it. */
export function recordingPrefix(r: RecordingIdentity): string {
  const { orgId, roomId, id } = checked(r);
  return `recordings/${orgId}/${roomId}/${id}/`;
}

/** The downloadable file: an MP4 (H.264 and AAC: docs/decisions/1246). */
export const recordingFileKey = (r: RecordingIdentity): string => `${recordingPrefix(r)}recording.mp4`;

/** The HLS rendition's folder and playlist (docs/decisions/1247). */
export const recordingHlsPrefix = (r: RecordingIdentity): string => `${recordingPrefix(r)}hls/`;
export const recordingPlaylistKey = (r: RecordingIdentity): string => `${recordingHlsPrefix(r)}index.m3u8`;

/**
 * The files an agent may upload for a recording, relative to its prefix: the MP4, and the HLS
 * playlist and media beside it (flat names: no folders, no dots but the extension's).
 */
export const UPLOADABLE_FILE = /^(recording\.mp4|hls\/[A-Za-z0-9_-]{1,64}\.(m3u8|m4s|mp4|ts|aac))$/;

export const contentTypeOfName = (name: string): string => {
  const ext = /\.([a-z0-9]+)$/.exec(name)?.[1];
  switch (ext) {
    case "m3u8":
      return "application/vnd.apple.mpegurl";
    case "ts":
      return "video/mp2t";
    case "aac":
      return "audio/aac";
    case "webm":
      return "video/webm";
    default:
      return "video/mp4";
  }
};

/**
 * Keys an older version of the service derived for the same recording (before 1245): the first
 * recording agent's `recordings/<org>/<recording>.webm|.mp4`, and LiveKit's
 * `recordings/<room>/<recording>.mp4`. A row whose stored key is one of these keeps serving it;
 * each is still a function of the row's own ids, never of a report.
 */
function legacyKeys(r: RecordingIdentity): string[] {
  return [
    `recordings/${r.orgId}/${r.id}.webm`,
    `recordings/${r.orgId}/${r.id}.mp4`,
    `recordings/${r.roomId}/${r.id}.mp4`,
  ];
}

/**
 * The key of the file the service serves for this recording: the stored key when it is one the
 * service derives for this very recording (the current layout or a legacy one), else undefined
 * (nothing is served: the row names a key the service did not give it).
 */
export function servedFileKey(r: RecordingIdentity & { objectKey: string | null }): string | undefined {
  if (!r.objectKey) return undefined;
  return isOwnFileKey(r, r.objectKey) ? r.objectKey : undefined;
}

/** Whether `key` is a file key the service derives for this recording (current or legacy layout). */
export function isOwnFileKey(r: RecordingIdentity, key: string): boolean {
  return key === recordingFileKey(r) || legacyKeys(r).includes(key);
}

/**
 * What deleting a recording removes: its whole prefix (the MP4 and the HLS rendition; a key
 * ending in `/` is a prefix, lib/storage/delete-object.ts), and its legacy file when it has one.
 */
export function recordingObjectsToDelete(r: RecordingIdentity & { objectKey: string | null }): string[] {
  const served = servedFileKey(r);
  const prefix = recordingPrefix(r);
  return served && !served.startsWith(prefix) ? [prefix, served] : [prefix];
}

/** The container of a stored key (its extension); keys without one are MP4. */
export function containerOf(key: string): RecordingContainer {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return ext === "webm" ? "webm" : "mp4";
}

export const contentTypeOf = (key: string): string => RECORDING_CONTAINERS[containerOf(key)];
