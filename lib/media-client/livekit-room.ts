import {
  DisconnectReason,
  type RemoteParticipant,
  type RemoteTrack,
  Room,
  RoomEvent,
  Track,
} from "livekit-client";
import type { RemoteFeed, RemovedReason, RoomConnection } from "@/lib/media-client/janus-videoroom";

/**
 * One person in one LiveKit room, in the browser, with LiveKit's own client (livekit-client):
 * the same contract as the Janus client (lib/media-client/janus-videoroom.ts), so the share-link
 * page (app/r/[shortCode]/in-room.tsx) stays one page whichever media plane the token names.
 * Imported only on Join, so none of it is in the page's first load (docs/decisions/1093).
 */

export interface LivekitGrant {
  provider: "livekit";
  /** LIVEKIT_URL: wss:// (or ws:// in development). */
  url: string;
  /** The LiveKit access token for exactly this room. */
  token: string;
}

export interface LivekitJoinOptions {
  grant: LivekitGrant;
  /** The display name is in the token (`name`): LiveKit shows it to the others. */
  display: string;
  /** The local camera and microphone; null joins to watch and listen only (a viewer's token publishes nothing). */
  publish: MediaStream | null;
  onRemote: (feed: RemoteFeed) => void;
  onRemoteGone: (id: string) => void;
  onRemoved: (reason: RemovedReason) => void;
  onConnected: () => void;
}

/** How LiveKit's reason for a disconnection reads to the person: removed, ended, or lost. */
function removedReason(reason: DisconnectReason | undefined): RemovedReason | undefined {
  switch (reason) {
    case DisconnectReason.CLIENT_INITIATED:
      return undefined;
    case DisconnectReason.PARTICIPANT_REMOVED:
    case DisconnectReason.DUPLICATE_IDENTITY:
      return "kicked";
    case DisconnectReason.ROOM_DELETED:
    case DisconnectReason.ROOM_CLOSED:
      return "ended";
    default:
      return "lost";
  }
}

export async function joinRoom(opts: LivekitJoinOptions): Promise<RoomConnection> {
  const room = new Room({ adaptiveStream: true, dynacast: true });
  // Each remote participant is one tile: their camera and microphone in one stream.
  const tracks = new Map<string, Map<string, MediaStreamTrack>>();
  let leaving = false;

  const show = (p: RemoteParticipant) => {
    const mine = tracks.get(p.identity);
    if (!mine) return;
    // A new MediaStream per change: the tile rebinds its video element to it.
    opts.onRemote({
      id: p.identity,
      display: p.name || p.identity,
      stream: new MediaStream([...mine.values()]),
    });
  };
  room.on(RoomEvent.TrackSubscribed, (track: RemoteTrack, _pub, p: RemoteParticipant) => {
    if (track.kind !== Track.Kind.Video && track.kind !== Track.Kind.Audio) return;
    const mine = tracks.get(p.identity) ?? new Map<string, MediaStreamTrack>();
    mine.set(track.sid ?? track.mediaStreamTrack.id, track.mediaStreamTrack);
    tracks.set(p.identity, mine);
    show(p);
  });
  room.on(RoomEvent.TrackUnsubscribed, (track: RemoteTrack, _pub, p: RemoteParticipant) => {
    tracks.get(p.identity)?.delete(track.sid ?? track.mediaStreamTrack.id);
    show(p);
  });
  room.on(RoomEvent.ParticipantDisconnected, (p: RemoteParticipant) => {
    tracks.delete(p.identity);
    opts.onRemoteGone(p.identity);
  });
  room.on(RoomEvent.Disconnected, (reason?: DisconnectReason) => {
    if (leaving) return;
    const why = removedReason(reason);
    if (why) opts.onRemoved(why);
  });

  await room.connect(opts.grant.url, opts.grant.token, { autoSubscribe: true });
  for (const track of opts.publish?.getTracks() ?? []) {
    const source = track.kind === "video" ? Track.Source.Camera : Track.Source.Microphone;
    await room.localParticipant.publishTrack(track, { source });
  }
  opts.onConnected();
  return {
    async leave() {
      leaving = true;
      await room.disconnect();
    },
  };
}
