import { createHmac } from "node:crypto";
import {
  type MediaGrant,
  MediaNodeUnavailable,
  type MediaPlaneDriver,
  type MediaProvider,
  MediaStreamRefused,
} from "@/lib/media/plane";

/**
 * A media plane that lives in memory, for tests only (SVC_MEDIA_PLANE=stub is refused outside
 * NODE_ENV=test): it proves a driver is its folder plus one registration line, and runs the shared
 * driver contract suite (tests/media-driver-contract.test.ts) without a media server. Its state is
 * what a real server would hold: the rooms opened on each node, who is in them, what records.
 */
export const STUB_NODES = ["stub://node-1", "stub://node-2"] as const;
export const STUB_SECRET = "stub-plane-secret-for-tests-only";

export interface StubRoom {
  participants: Set<string>;
  recording: string | null;
  /** `<participant>:<kind>` muted by the service. */
  muted?: Set<string>;
  /** Participant id → the role it was given live. */
  roles?: Map<string, string>;
  /** The streams running in the room, by id, with their outputs' kinds. */
  streams: Map<string, string[]>;
}

/** The in-memory server, shared by the driver and the tests that look at it. */
export const stubServer = {
  nodes: new Map<string, Map<string, StubRoom>>(STUB_NODES.map((n) => [n, new Map()])),
  /** Nodes that do not answer (a test takes one down). */
  down: new Set<string>(),
  reset(): void {
    for (const rooms of stubServer.nodes.values()) rooms.clear();
    stubServer.down.clear();
  },
};

const sign = (data: string) => createHmac("sha256", STUB_SECRET).update(data).digest("base64url");

/** The stub's credential: the grant's room, identity, role and expiry, signed. */
export function stubCredentialToken(
  grant: Pick<
    MediaGrant,
    "roomId" | "identity" | "role" | "expiresAt" | "mintedAt" | "keyId" | "ejectAtExpiry"
  >,
): string {
  const data = Buffer.from(
    JSON.stringify({
      room: grant.roomId,
      id: grant.identity,
      role: grant.role,
      exp: grant.expiresAt.getTime(),
      ...(grant.mintedAt ? { iat: grant.mintedAt.getTime() } : {}),
      ...(grant.keyId ? { key: grant.keyId } : {}),
      ...(grant.ejectAtExpiry ? { ej: true } : {}),
    }),
  ).toString("base64url");
  return `${data}.${sign(data)}`;
}

/** The grant inside a stub credential, or undefined when it is not one the stub signed. */
export function readStubCredential(
  token: string,
):
  | { room: string; id: string; role: string; exp: number; iat?: number; key?: string; ej?: boolean }
  | undefined {
  const [data, mac] = token.split(".");
  if (!data || !mac || sign(data) !== mac) return undefined;
  return JSON.parse(Buffer.from(data, "base64url").toString("utf8"));
}

/** A node's events credential (each node its own). */
export const stubNodeSecret = (node: string) => sign(`events:${node}`);

/** Its credentials are read by the tests only, never minted through the API (which lists public providers). */
const STUB: MediaProvider = "stub";

export function stubDriver(): MediaPlaneDriver {
  const node = (name: string) => {
    if (stubServer.down.has(name)) throw new Error(`${name} is down`);
    const rooms = stubServer.nodes.get(name);
    if (!rooms) throw new Error(`${name} is not a stub node`);
    return rooms;
  };
  return {
    provider: STUB,
    nodes: [...STUB_NODES],
    credential: (name, grant) => ({
      provider: STUB,
      url: name,
      token: stubCredentialToken(grant),
      room: grant.roomId,
    }),
    probe: async (name) => !stubServer.down.has(name),
    openRoom: async (name, room) => {
      const rooms = node(name);
      if (!rooms.has(room.id))
        rooms.set(room.id, { participants: new Set(), recording: null, streams: new Map() });
    },
    closeRoom: async (name, roomId) => {
      node(name).delete(roomId);
    },
    removeParticipants: async (name, roomId, refs) => {
      const room = node(name).get(roomId);
      let removed = 0;
      for (const r of refs) if (room?.participants.delete(r)) removed++;
      return removed;
    },
    listRooms: async (name) =>
      [...node(name).entries()].map(([roomId, r]) => ({ roomId, participantRefs: [...r.participants] })),
    muteTracks: async (name, roomId, target, kind, muted) => {
      const room = node(name).get(roomId);
      if (!room?.participants.has(target.ref)) return 0;
      room.muted ??= new Set();
      if (muted) room.muted.add(`${target.ref}:${kind}`);
      else room.muted.delete(`${target.ref}:${kind}`);
      return 1;
    },
    updatePermissions: async (name, roomId, target, grant) => {
      const room = node(name).get(roomId);
      if (!room?.participants.has(target.ref)) return 0;
      room.roles ??= new Map();
      room.roles.set(target.ref, grant.role);
      return 1;
    },
    startRecording: async (name, rec) => {
      const room = node(name).get(rec.roomId);
      if (room) room.recording = rec.recordingId;
      return { ref: `stub-rec:${rec.recordingId}` };
    },
    stopRecording: async (name, rec) => {
      const room = node(name).get(rec.roomId);
      if (room?.recording === rec.recordingId) room.recording = null;
    },
    startStream: async (name, stream) => {
      const room = node(name).get(stream.roomId);
      if (!room) throw new MediaStreamRefused(`no room ${stream.roomId} on ${name}`);
      room.streams.set(
        stream.streamId,
        stream.outputs.map((o) => o.kind),
      );
      return { ref: `stub-stream:${stream.streamId}` };
    },
    stopStream: async (name, stream) => {
      node(name).get(stream.roomId)?.streams.delete(stream.streamId);
    },
    listStreams: async (name) => {
      if (stubServer.down.has(name)) throw new MediaNodeUnavailable(name, new Error("down"));
      return [...node(name).values()].flatMap((r) =>
        [...r.streams.keys()].map((streamId) => ({ streamId, ref: `stub-stream:${streamId}` })),
      );
    },
  };
}
