import type { EgressClient, ParticipantInfo, RoomServiceClient } from "livekit-server-sdk";
import {
  MediaNodeUnavailable,
  type MediaPlaneDriver,
  MediaRecordingUnavailable,
  type NodeRoom,
} from "@/lib/media/plane";
import { livekitToken, livekitVideoGrant } from "./credential";
import type { EgressStorage } from "./egress-output";

/**
 * The LiveKit driver (docs/media-plane-livekit.md, docs/decisions/1090): a room is the LiveKit room
 * named by our room id; the service calls LiveKit's Twirp APIs (RoomService, Egress) through the
 * official client, each call signed with a short token carrying only the grant it needs. One node:
 * the LiveKit deployment at LIVEKIT_URL (several LiveKit nodes behind it are LiveKit's own
 * business: it routes rooms between them).
 */

export interface LivekitSettings {
  /** LIVEKIT_URL: what clients connect to; the service calls the same host over http(s). */
  url: string;
  apiKey: string;
  apiSecret: string;
  /** The bucket recordings go to (read when a recording starts: tests and settings change it). */
  storage: () => EgressStorage;
  /** Deadline of each call, in seconds. */
  timeoutSec?: number;
}

/** A Twirp error's HTTP status (the SDK's ServerError), or undefined for a transport failure. */
const statusOf = (err: unknown): number | undefined =>
  typeof err === "object" && err !== null && "status" in err && typeof err.status === "number"
    ? err.status
    : undefined;

const isRoomId = (v: string) => v.startsWith("rm_");

export function livekitDriver(settings: LivekitSettings): MediaPlaneDriver {
  const node = settings.url;
  // LiveKit Cloud's region failover is off: a self-hosted URL has none, and a retry elsewhere
  // would hide the outage reconcile must see.
  const options = { requestTimeout: settings.timeoutSec ?? 5, failover: false };
  // The SDK is loaded on the first call, not with the registry (lib/media/driver-registration.ts).
  let clients: Promise<{ rooms: RoomServiceClient; egress: EgressClient }> | undefined;
  const sdk = () => {
    clients ??= import("livekit-server-sdk").then((m) => ({
      rooms: new m.RoomServiceClient(node, settings.apiKey, settings.apiSecret, options),
      egress: new m.EgressClient(node, settings.apiKey, settings.apiSecret, options),
    }));
    return clients;
  };

  const checkNode = (name: string) => {
    if (name !== node) throw new Error(`${name} is not the configured LiveKit server`);
  };

  /**
   * Runs one call: a transport failure, timeout or 5xx is the node being unavailable; a 404
   * (`not_found`: the room or participant is gone) answers `gone` when given, so every method
   * stays idempotent; anything else (401: a wrong key) is an error of its own.
   */
  async function call<T>(
    what: (c: { rooms: RoomServiceClient; egress: EgressClient }) => Promise<T>,
    gone?: () => T,
  ): Promise<T> {
    const c = await sdk();
    try {
      return await what(c);
    } catch (err) {
      const status = statusOf(err);
      if (status === undefined || status >= 500) throw new MediaNodeUnavailable(node, err);
      if (status === 404 && gone) return gone();
      throw err;
    }
  }

  const participantsOf = (roomId: string) =>
    call<ParticipantInfo[] | undefined>(
      ({ rooms }) => rooms.listParticipants(roomId),
      () => undefined,
    );

  return {
    provider: "livekit",
    nodes: [node],
    opensRoomsOnJoin: true,

    credential(name, grant) {
      checkNode(name);
      return {
        provider: "livekit",
        url: node,
        token: livekitToken(settings.apiKey, settings.apiSecret, grant),
      };
    },

    async probe(name) {
      checkNode(name);
      try {
        await call(({ rooms }) => rooms.listRooms(["rm_probe"]));
        return true;
      } catch {
        return false;
      }
    },

    async openRoom(name, room) {
      checkNode(name);
      // CreateRoom answers the existing room when there is one: idempotent by LiveKit's design.
      await call(({ rooms }) => rooms.createRoom({ name: room.id }));
    },

    async closeRoom(name, roomId) {
      checkNode(name);
      // DeleteRoom disconnects everyone (their clients hear ROOM_DELETED) and removes the room.
      await call(
        ({ rooms }) => rooms.deleteRoom(roomId),
        () => undefined,
      );
    },

    async removeParticipants(name, roomId, refs) {
      checkNode(name);
      // RemoveParticipant names an identity; our refs are participant sids (one per connection).
      const present = (await participantsOf(roomId)) ?? [];
      let removed = 0;
      for (const p of present.filter((x) => refs.includes(x.sid))) {
        const done = await call(
          ({ rooms }) => rooms.removeParticipant(roomId, p.identity).then(() => true),
          () => false,
        );
        if (done) removed++;
      }
      return removed;
    },

    async listRooms(name) {
      checkNode(name);
      const listed = await call(({ rooms }) => rooms.listRooms());
      const out: NodeRoom[] = [];
      // Rooms the service did not name (an operator's own) are not ours.
      for (const r of listed.filter((x) => isRoomId(x.name))) {
        const people = await participantsOf(r.name);
        if (!people) continue;
        out.push({
          roomId: r.name,
          participantRefs: people.map((p) => p.sid),
          // Ours: admitted by our credential, whose attributes say the role (lib/media/livekit/credential.ts).
          participants: people.flatMap((p) => {
            const role = p.attributes.role;
            const ms = Number(p.joinedAtMs > 0n ? p.joinedAtMs : p.joinedAt * 1000n);
            const joinedAt = Number.isFinite(ms) && ms > 0 && ms < 8.64e15 ? new Date(ms) : new Date();
            return role && p.identity ? [{ ref: p.sid, identity: p.identity, role, joinedAt }] : [];
          }),
        });
      }
      return out;
    },

    async muteTracks(name, roomId, target, kind, muted) {
      checkNode(name);
      // MutePublishedTrack names a track sid: the participant's tracks of that kind, as LiveKit
      // lists them now. (Unmuting from the server needs `room.enable_remote_unmute` in LiveKit's
      // config; without it LiveKit refuses, which is answered as an error.)
      const { TrackType } = await import("livekit-server-sdk");
      const p = (await participantsOf(roomId))?.find((x) => x.sid === target.ref);
      if (!p) return 0;
      const type = kind === "audio" ? TrackType.AUDIO : TrackType.VIDEO;
      let changed = 0;
      for (const t of p.tracks.filter((x) => x.type === type)) {
        const done = await call(
          ({ rooms }) => rooms.mutePublishedTrack(roomId, p.identity, t.sid, muted).then(() => true),
          () => false,
        );
        if (done) changed++;
      }
      return changed;
    },

    async updatePermissions(name, roomId, target, grant) {
      checkNode(name);
      const { TrackSource } = await import("livekit-server-sdk");
      const p = (await participantsOf(roomId))?.find((x) => x.sid === target.ref);
      if (!p) return 0;
      // The same rights a token for the role would carry (lib/media/livekit/credential.ts).
      const video = livekitVideoGrant({ roomId, caps: grant.caps });
      const byName: Record<string, (typeof TrackSource)[keyof typeof TrackSource]> = {
        camera: TrackSource.CAMERA,
        microphone: TrackSource.MICROPHONE,
        screen_share: TrackSource.SCREEN_SHARE,
        screen_share_audio: TrackSource.SCREEN_SHARE_AUDIO,
      };
      const sources = (video.canPublishSources as unknown as string[] | undefined) ?? [];
      const done = await call(
        ({ rooms }) =>
          rooms
            .updateParticipant(roomId, p.identity, {
              permission: {
                canPublish: video.canPublish ?? false,
                canPublishData: video.canPublishData ?? false,
                canSubscribe: video.canSubscribe ?? false,
                canPublishSources: sources.flatMap((s) => (byName[s] !== undefined ? [byName[s]] : [])),
                canUpdateMetadata: false,
              },
              attributes: { ...p.attributes, role: grant.role },
            })
            .then(() => true),
        () => false,
      );
      return done ? 1 : 0;
    },

    async startRecording(name, rec) {
      checkNode(name);
      const storage = settings.storage();
      if (storage.local) {
        throw new MediaRecordingUnavailable(
          "LiveKit records to S3: set S3_BUCKET (and its credentials) so the egress can upload the file",
        );
      }
      const { egressFileOutput, egressSegmentsOutput, recordingObjectKey } = await import("./egress-output");
      // The service derives where the files go (docs/decisions/1245); older callers: the old key.
      const file = egressFileOutput(
        storage,
        rec.objectPrefix
          ? `${rec.objectPrefix}recording.mp4`
          : recordingObjectKey(rec.roomId, rec.recordingId),
      );
      const segments = rec.objectPrefix ? egressSegmentsOutput(storage, rec.objectPrefix) : undefined;
      const info = await call(({ egress }) =>
        egress.startRoomCompositeEgress(rec.roomId, { file, segments }, { layout: "grid" }),
      );
      return { ref: info.egressId };
    },

    async stopRecording(name, rec) {
      checkNode(name);
      let egressId = rec.ref ?? undefined;
      if (!egressId) {
        const { recordingIdIn } = await import("./egress-output");
        // No handle kept: the room's active egress whose file names this recording.
        const active = await call(({ egress }) => egress.listEgress({ roomName: rec.roomId, active: true }));
        egressId = active.find(
          (e) =>
            e.fileResults.some((f) => recordingIdIn(f.filename) === rec.recordingId) ||
            (e.request.case === "roomComposite" &&
              e.request.value.fileOutputs.some((f) => recordingIdIn(f.filepath) === rec.recordingId)),
        )?.egressId;
        if (!egressId) return;
      }
      const id = egressId;
      try {
        await call(({ egress }) => egress.stopEgress(id));
      } catch (err) {
        // Already ended (412 failed_precondition) or unknown (404): stopping a stopped one succeeds.
        if (statusOf(err) !== 412 && statusOf(err) !== 404) throw err;
      }
    },

    // Issue 45 (docs/streaming.md): one Room Composite Egress with a stream output (every RTMP
    // destination) and a segments output (HLS into the service's bucket, under the stream's prefix).
    async startStream(name, stream) {
      checkNode(name);
      const { egressStreamOutputs } = await import("./egress-output");
      const storage = settings.storage();
      const hls = stream.outputs.find((o) => o.kind === "hls");
      if (hls && storage.local) {
        throw new MediaRecordingUnavailable(
          "LiveKit writes HLS to S3: set S3_BUCKET (and its credentials) so the egress can upload segments",
        );
      }
      const outputs = egressStreamOutputs(storage, stream.outputs);
      const info = await call(({ egress }) =>
        egress.startRoomCompositeEgress(stream.roomId, outputs, { layout: "speaker" }),
      );
      return { ref: info.egressId };
    },

    async stopStream(name, stream) {
      checkNode(name);
      const id = stream.ref;
      if (!id) return;
      try {
        await call(({ egress }) => egress.stopEgress(id));
      } catch (err) {
        if (statusOf(err) !== 412 && statusOf(err) !== 404) throw err;
      }
    },

    // Reconcile (docs/decisions/1400): the egresses LiveKit runs now (starting, active, ending).
    async listStreams(name) {
      checkNode(name);
      const { egressNodeStreams } = await import("./egress-stream-events");
      return egressNodeStreams(await call(({ egress }) => egress.listEgress({ active: true })));
    },
  };
}
