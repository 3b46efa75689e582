import { EgressClient, type ParticipantInfo, RoomServiceClient } from "livekit-server-sdk";
import {
  MediaNodeUnavailable,
  type MediaPlaneDriver,
  MediaRecordingUnavailable,
  type NodeRoom,
} from "@/lib/media/plane";
import { livekitToken } from "./credential";
import { type EgressStorage, egressFileOutput, recordingIdIn, recordingObjectKey } from "./egress-output";

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
  const rooms = new RoomServiceClient(node, settings.apiKey, settings.apiSecret, options);
  const egress = new EgressClient(node, settings.apiKey, settings.apiSecret, options);

  const checkNode = (name: string) => {
    if (name !== node) throw new Error(`${name} is not the configured LiveKit server`);
  };

  /**
   * Runs one call: a transport failure, timeout or 5xx is the node being unavailable; a 404
   * (`not_found`: the room or participant is gone) answers `gone` when given, so every method
   * stays idempotent; anything else (401: a wrong key) is an error of its own.
   */
  async function call<T>(what: () => Promise<T>, gone?: () => T): Promise<T> {
    try {
      return await what();
    } catch (err) {
      const status = statusOf(err);
      if (status === undefined || status >= 500) throw new MediaNodeUnavailable(node, err);
      if (status === 404 && gone) return gone();
      throw err;
    }
  }

  const participantsOf = (roomId: string) =>
    call<ParticipantInfo[] | undefined>(
      () => rooms.listParticipants(roomId),
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
        await call(() => rooms.listRooms(["rm_probe"]));
        return true;
      } catch {
        return false;
      }
    },

    async openRoom(name, room) {
      checkNode(name);
      // CreateRoom answers the existing room when there is one: idempotent by LiveKit's design.
      await call(() => rooms.createRoom({ name: room.id }));
    },

    async closeRoom(name, roomId) {
      checkNode(name);
      // DeleteRoom disconnects everyone (their clients hear ROOM_DELETED) and removes the room.
      await call(
        () => rooms.deleteRoom(roomId),
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
          () => rooms.removeParticipant(roomId, p.identity).then(() => true),
          () => false,
        );
        if (done) removed++;
      }
      return removed;
    },

    async listRooms(name) {
      checkNode(name);
      const listed = await call(() => rooms.listRooms());
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

    async startRecording(name, rec) {
      checkNode(name);
      const storage = settings.storage();
      if (storage.local) {
        throw new MediaRecordingUnavailable(
          "LiveKit records to S3: set S3_BUCKET (and its credentials) so the egress can upload the file",
        );
      }
      const output = egressFileOutput(storage, recordingObjectKey(rec.roomId, rec.recordingId));
      const info = await call(() =>
        egress.startRoomCompositeEgress(rec.roomId, { file: output }, { layout: "grid" }),
      );
      return { ref: info.egressId };
    },

    async stopRecording(name, rec) {
      checkNode(name);
      let egressId = rec.ref ?? undefined;
      if (!egressId) {
        // No handle kept: the room's active egress whose file names this recording.
        const active = await call(() => egress.listEgress({ roomName: rec.roomId, active: true }));
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
        await call(() => egress.stopEgress(id));
      } catch (err) {
        // Already ended (412 failed_precondition) or unknown (404): stopping a stopped one succeeds.
        if (statusOf(err) !== 412 && statusOf(err) !== 404) throw err;
      }
    },
  };
}
