/**
 * Where a live stream's HLS lives (issue 45, docs/streaming.md): like a recording's
 * (docs/decisions/1245), every key is derived by the service from the stream's own org, room and
 * id, `streams/<org>/<room>/<stream>/hls/`; an agent or a media server names only a file in it.
 */

const ID = {
  org: /^org_[A-Za-z0-9]{1,64}$/,
  room: /^rm_[A-Za-z0-9]{1,64}$/,
  stream: /^str_[A-Za-z0-9]{1,64}$/,
};

export interface StreamIdentity {
  orgId: string;
  roomId: string;
  id: string;
}

/** The stream's HLS folder (ends in `/`). */
export function streamHlsPrefix(s: StreamIdentity): string {
  if (!ID.org.test(s.orgId) || !ID.room.test(s.roomId) || !ID.stream.test(s.id))
    throw new Error(`not a stream's identity: ${JSON.stringify(s)}`);
  return `streams/${s.orgId}/${s.roomId}/${s.id}/hls/`;
}

export const streamPlaylistKey = (s: StreamIdentity): string => `${streamHlsPrefix(s)}index.m3u8`;

/** The files an agent may upload for a stream: the playlist and its segments, flat names. */
export const STREAM_FILE = /^[A-Za-z0-9_-]{1,64}\.(m3u8|m4s|mp4|ts|aac)$/;
