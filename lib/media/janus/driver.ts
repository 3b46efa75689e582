import type { MediaPlaneDriver, MediaRoomSpec, NodeRoom } from "@/lib/media/plane";
import { maxPublishers } from "@/lib/rooms/room-publishers";
import {
  JanusError,
  janusInfo,
  VIDEOROOM_NO_SUCH_FEED,
  VIDEOROOM_NO_SUCH_ROOM,
  VIDEOROOM_ROOM_EXISTS,
  type VideoRoomRequests,
  withVideoRoom,
} from "./client";
import { controlToken, derivedSecret, janusCredential } from "./credential";
import { agentStreams, type ForwardOptions, forwardStream, unforwardStream } from "./forward-stream";

/**
 * The Janus driver (docs/media-plane.md): rooms are VideoRoom rooms whose id is the service's own
 * room id (`string_ids = true`), created with `signed_tokens` so only a credential naming the room
 * joins it (docs/decisions/1041), `is_private` and a per-room `secret` so clients can neither list
 * nor moderate them. A node is named by its JANUS_URL entry.
 */

export interface JanusSettings {
  /** The HTTP API of each node (JANUS_URL). */
  urls: readonly string[];
  /** What browsers connect to, per node (JANUS_PUBLIC_URL). */
  publicUrls: readonly string[];
  /** Janus's token_auth_secret (JANUS_TOKEN_SECRET). */
  tokenSecret: string;
  /** Deadline of each request to a node. */
  timeoutMs?: number;
  /** The folder on each node where recordings go, one sub-folder per recording (JANUS_RECORDINGS_DIR). */
  recordingsDir?: string;
  /** The streamer agent beside each node, in JANUS_URL's order (JANUS_STREAMER_URL; issue 45). */
  streamerUrls?: readonly string[];
  /** The media agents' secret (SVC_RECORDER_SECRET): the streamer agent's control API takes it. */
  agentSecret?: string;
}

const isRoomId = (v: unknown): v is string => typeof v === "string" && v.startsWith("rm_");

export function janusDriver(settings: JanusSettings): MediaPlaneDriver {
  const timeoutMs = settings.timeoutMs ?? 3000;
  const recordingsDir = (settings.recordingsDir ?? "/var/lib/janus/recordings").replace(/\/+$/, "");
  const adminKey = derivedSecret(settings.tokenSecret, "videoroom-admin-key");
  const roomSecret = (roomId: string) => derivedSecret(settings.tokenSecret, `room-secret:${roomId}`);

  const indexOf = (node: string) => {
    const i = settings.urls.indexOf(node);
    if (i < 0) throw new Error(`${node} is not a configured Janus node`);
    return i;
  };
  const videoRoom = <T>(node: string, fn: (vr: VideoRoomRequests) => Promise<T>) =>
    withVideoRoom(
      node,
      settings.urls[indexOf(node)] as string,
      controlToken(settings.tokenSecret, new Date()),
      timeoutMs,
      fn,
    );

  const forwardOptions = (node: string, roomId: string): ForwardOptions => ({
    node,
    streamerUrl: settings.streamerUrls?.[indexOf(node)],
    agentSecret: settings.agentSecret,
    roomSecret: roomSecret(roomId),
    timeoutMs,
  });

  /** Janus participant ids in a room (string ids: the room may not exist any more). */
  async function participants(vr: VideoRoomRequests, roomId: string): Promise<string[] | undefined> {
    try {
      const answer = await vr.request({ request: "listparticipants", room: roomId });
      const list = Array.isArray(answer.participants) ? answer.participants : [];
      return list.flatMap((p: unknown) =>
        typeof p === "object" &&
        p !== null &&
        "id" in p &&
        (typeof p.id === "string" || typeof p.id === "number")
          ? [String(p.id)]
          : [],
      );
    } catch (err) {
      if (err instanceof JanusError && err.code === VIDEOROOM_NO_SUCH_ROOM) return undefined;
      throw err;
    }
  }

  async function kick(vr: VideoRoomRequests, roomId: string, ids: readonly string[]): Promise<number> {
    let kicked = 0;
    for (const id of ids) {
      try {
        await vr.request({ request: "kick", room: roomId, id, secret: roomSecret(roomId) });
        kicked++;
      } catch (err) {
        const gone =
          err instanceof JanusError && [VIDEOROOM_NO_SUCH_FEED, VIDEOROOM_NO_SUCH_ROOM].includes(err.code);
        if (!gone) throw err;
      }
    }
    return kicked;
  }

  return {
    provider: "janus",
    nodes: settings.urls,

    credential(node, grant) {
      const { token, joinToken } = janusCredential(settings.tokenSecret, grant);
      return {
        provider: "janus",
        url: settings.publicUrls[indexOf(node)] as string,
        token,
        room: grant.roomId,
        join_token: joinToken,
      };
    },

    probe: (node) => janusInfo(settings.urls[indexOf(node)] as string, Math.min(timeoutMs, 1500)),

    openRoom: (node, room: MediaRoomSpec) =>
      videoRoom(node, async (vr) => {
        try {
          await vr.request({
            request: "create",
            admin_key: adminKey,
            room: room.id,
            description: room.id,
            secret: roomSecret(room.id),
            is_private: true,
            permanent: false,
            signed_tokens: true,
            // The domain's limit for the room's type (lib/rooms/room-publishers.ts): Janus refuses
            // one more publisher (432 when it starts publishing).
            publishers: maxPublishers(room.type),
            notify_joining: true,
            // Recording is the service's to switch (enable_recording with the room's secret): a
            // participant cannot record the room, or stop its recording, from the browser.
            record: false,
            lock_record: true,
            audiocodec: "opus",
            // H.264 first: recordings are H.264 MP4 and HLS, remuxed instead of transcoded (about
            // 1 CPU second per recorded minute against 12-29: docs/decisions/1246); VP8 for
            // browsers that cannot send H.264.
            videocodec: "h264,vp8",
            // The keyframe interval the domain chose for the room (lib/media/media-room-spec.ts);
            // a caller that names none gets Janus's recording-friendly 10 s.
            fir_freq: room.keyframeIntervalSec ?? 10,
          });
        } catch (err) {
          if (!(err instanceof JanusError && err.code === VIDEOROOM_ROOM_EXISTS)) throw err;
        }
      }),

    closeRoom: (node, roomId) =>
      videoRoom(node, async (vr) => {
        // Kicked first, so each page hears it was removed (`leaving: ok, reason: kicked`), then gone.
        const ids = await participants(vr, roomId);
        if (ids === undefined) return;
        await kick(vr, roomId, ids);
        try {
          await vr.request({
            request: "destroy",
            room: roomId,
            secret: roomSecret(roomId),
            permanent: false,
          });
        } catch (err) {
          if (!(err instanceof JanusError && err.code === VIDEOROOM_NO_SUCH_ROOM)) throw err;
        }
      }),

    removeParticipants: (node, roomId, refs) => videoRoom(node, (vr) => kick(vr, roomId, refs)),

    // VideoRoom `moderate` (Janus 1.x: one stream, named by its mid): the publisher keeps sending,
    // Janus stops relaying that stream to every subscriber until it is unmuted.
    muteTracks: (node, roomId, target, kind, muted) =>
      videoRoom(node, async (vr) => {
        let changed = 0;
        for (const t of target.tracks.filter((x) => x.kind === kind)) {
          try {
            await vr.request({
              request: "moderate",
              room: roomId,
              id: target.ref,
              mid: t.mid,
              mute: muted,
              secret: roomSecret(roomId),
            });
            changed++;
          } catch (err) {
            const gone =
              err instanceof JanusError &&
              [VIDEOROOM_NO_SUCH_FEED, VIDEOROOM_NO_SUCH_ROOM].includes(err.code);
            if (!gone) throw err;
          }
        }
        return changed;
      }),

    listRooms: (node) =>
      videoRoom(node, async (vr) => {
        const answer = await vr.request({ request: "list", admin_key: adminKey });
        const list = Array.isArray(answer.list) ? answer.list : [];
        const rooms: NodeRoom[] = [];
        for (const r of list) {
          const roomId: unknown = typeof r === "object" && r !== null && "room" in r ? r.room : undefined;
          // Rooms the service did not create (an operator's static demo rooms) are not ours.
          if (!isRoomId(roomId)) continue;
          const refs = await participants(vr, roomId);
          if (refs !== undefined) rooms.push({ roomId, participantRefs: refs });
        }
        return rooms;
      }),

    // docs/decisions/1083: each recording writes into its own folder, `<recordingsDir>/<recording
    // id>`, where the recording agent beside the node finds it; Janus opens a file per stream of
    // every publisher (and of each one who publishes later) until recording is switched off.
    startRecording: (node, rec) =>
      videoRoom(node, async (vr) => {
        const secret = roomSecret(rec.roomId);
        await vr.request({
          request: "edit",
          room: rec.roomId,
          secret,
          new_rec_dir: `${recordingsDir}/${rec.recordingId}`,
        });
        await vr.request({ request: "enable_recording", room: rec.roomId, secret, record: true });
        return { ref: null };
      }),

    stopRecording: (node, rec) =>
      videoRoom(node, async (vr) => {
        try {
          await vr.request({
            request: "enable_recording",
            room: rec.roomId,
            secret: roomSecret(rec.roomId),
            record: false,
          });
        } catch (err) {
          // The room is gone (ended, node restarted): its files are closed already.
          if (!(err instanceof JanusError && err.code === VIDEOROOM_NO_SUCH_ROOM)) throw err;
        }
      }),

    // Issue 45 (docs/decisions/1330): the room's publisher forwarded to the streamer agent.
    startStream: (node, stream) =>
      videoRoom(node, async (vr) => ({
        ref: await forwardStream(vr, stream, forwardOptions(node, stream.roomId)),
      })),

    stopStream: (node, stream) =>
      videoRoom(node, (vr) => unforwardStream(vr, stream, forwardOptions(node, stream.roomId))),

    // Reconcile (docs/decisions/1400): what the agent beside the node runs; Janus is not asked.
    listStreams: (node) =>
      agentStreams({
        node,
        streamerUrl: settings.streamerUrls?.[indexOf(node)],
        agentSecret: settings.agentSecret,
        timeoutMs,
      }),
  };
}
