import type { RoomType } from "@/lib/rooms/room-types";

/**
 * The media-plane boundary (docs/decisions/1040, docs/media-plane.md): everything the control plane
 * asks of a media server, declared once and free of any one server's words. A driver (Janus today,
 * LiveKit later) adapts its server to this; the room and event logic stays in lib/media and
 * lib/rooms, which drivers call (connections.ts, ingest-media-report.ts) and never copy.
 */

/**
 * A registered driver's name, as a credential names it (lib/media/driver-registry.ts; `none` has
 * no driver: rooms are reported to the ingest endpoint).
 */
export type MediaProvider = string;

/**
 * What a client needs to enter one room on the media plane: the `media` field of a room token.
 * `token` is valid no longer than the room token it comes with and admits one identity to one room.
 */
export interface MediaCredential {
  provider: MediaProvider;
  /** Where the client connects: the public URL of the node the room is placed on. */
  url: string;
  /** The media server's own credential (secret: never logged or stored). */
  token: string;
  /** The room's id on the media server, when it has its own. */
  room?: string;
  /**
   * A second credential, for media servers that check the room apart from the connection (Janus:
   * the VideoRoom join's `token`; `token` is the session's). Same lifetime as `token`.
   */
  join_token?: string;
}

/**
 * One identity admitted to one room, with the type × role × caps of docs/spec/product-decisions.md §5 (checked by
 * lib/tokens before anything is admitted; plain strings here, so lib/media depends on no minter).
 */
export interface MediaGrant {
  roomId: string;
  roomType: RoomType;
  identity: string;
  role: string;
  caps: readonly string[];
  /** The room token's `nbf` (its `iat`): a plane that checks it starts the credential with it. */
  issuedAt: Date;
  /**
   * When the token was minted, to the millisecond (`iat` has seconds): the credential carries it
   * back in its events, so a revocation "issued before T" is exact (docs/decisions/1320).
   */
  mintedAt?: Date;
  /** The project key that minted it (absent for a share link's guest): docs/decisions/1321. */
  keyId?: string;
  /** The holder is removed when the credential expires (`ejectAtExpiry`, docs/decisions/1323). */
  ejectAtExpiry?: boolean;
  /** The room token's `exp`: the credential expires with it. */
  expiresAt: Date;
  /** The room token's `name` (displayName), when given. */
  displayName?: string;
  /** The room token's `prj` and `uid`, for planes that carry them to other participants. */
  projectId: string;
  userId: string;
}

/** A room as the media plane needs to open it. */
export interface MediaRoomSpec {
  id: string;
  type: RoomType;
  /** How often publishers are asked for a keyframe (lib/media/media-room-spec.ts decides it). */
  keyframeIntervalSec?: number;
}

/**
 * One recording of one room, as the media plane makes it (recordings: docs/media-plane.md). The
 * plane confirms a start and reports the finished file through its own events, never through the
 * return value: `recording.started` is emitted when the plane says so, not when asked.
 */
export interface MediaRecordingSpec {
  recordingId: string;
  roomId: string;
  /** The plane's own handle for the recording, as startRecording returned it (LiveKit: the egress id). */
  ref?: string | null;
  /**
   * Where a plane that uploads the files itself (LiveKit's egress) writes them: the recording's own
   * prefix, derived by the service (docs/decisions/1245), holding `recording.mp4` and `hls/`.
   */
  objectPrefix?: string;
}

/**
 * One live stream of one room, as the media plane makes it (issue 45, docs/streaming.md). Outputs
 * keep their order: the plane's reports name an output by its index. The plane confirms the start
 * and reports failures and the end through its own reports (the streamer agent, LiveKit's egress
 * webhooks), never through the return value.
 */
export interface MediaStreamSpec {
  streamId: string;
  roomId: string;
  /** The plane's own handle, as startStream returned it (LiveKit: the egress id). */
  ref?: string | null;
  outputs: readonly MediaStreamOutput[];
}

export type MediaStreamOutput =
  /** HLS into the service's storage, under `objectPrefix` (the service derives it). */
  | { kind: "hls"; objectPrefix: string }
  /** RTMP to a customer's destination; `streamKey` is a secret (never logged). */
  | { kind: "rtmp"; url: string; streamKey: string };

/**
 * A stream the plane runs now, as it names it (reconcile: docs/decisions/1400): by our stream id
 * when the plane knows it (the Janus streamer agent; a LiveKit egress writing the stream's HLS
 * prefix), and by the plane's handle (LiveKit: the egress id, stored as the stream's media_ref).
 */
export interface NodeStream {
  streamId?: string;
  ref?: string;
}

/** A stream the plane cannot start as asked (no one publishes yet, no streamer beside the node): 409. */
export class MediaStreamRefused extends Error {
  override name = "MediaStreamRefused";
}

/** One room on a node, as the node reports it: what reconcile compares with the database. */
export interface NodeRoom {
  roomId: string;
  /** The media plane's ids of the participants in it now (connections.ts maps them to identities). */
  participantRefs: string[];
  /**
   * Who they are, when the plane can tell (LiveKit: the identity and the attributes our credential
   * gave), for the service's own participants only; each `ref` also names the participant's one
   * connection. Reconcile records a join whose event was lost from these.
   */
  participants?: { ref: string; identity: string; role: string; joinedAt: Date }[];
}

/** A stream a participant publishes, as the plane reported it (Janus: its `mid`). */
export interface PublishedTrack {
  kind: "audio" | "video";
  mid: string;
}

/** A present participant a moderation call names: its plane id, identity and what it publishes. */
export interface ParticipantTarget {
  ref: string;
  identity: string;
  /** Known to planes that report them (Janus); LiveKit's driver reads its own server's list. */
  tracks: readonly PublishedTrack[];
}

/** A node the driver cannot reach (connection refused, timeout, 5xx): it gets no new rooms. */
export class MediaNodeUnavailable extends Error {
  override name = "MediaNodeUnavailable";
  constructor(
    readonly node: string,
    cause: unknown,
  ) {
    super(`media node ${node} is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * The plane cannot record this room as configured (LiveKit without an S3 bucket its egress can
 * write to): a setting to fix, not a node to retry. The message names what is missing.
 */
export class MediaRecordingUnavailable extends Error {
  override name = "MediaRecordingUnavailable";
}

/**
 * A driver. Nodes are named by the driver (Janus: the node's JANUS_URL entry). Every method but
 * `credential` talks to one node and throws MediaNodeUnavailable when the node does not answer.
 * Each is idempotent: opening an open room, closing a closed one or removing someone absent succeeds.
 */
export interface MediaPlaneDriver {
  readonly provider: MediaProvider;
  /** The nodes, in configuration order. */
  readonly nodes: readonly string[];
  /**
   * The plane creates a room when its first credential joins and drops it when it stays empty
   * (LiveKit's `auto_create`), so a `created` room missing from a node is normal and reconcile
   * leaves it alone instead of opening it again.
   */
  readonly opensRoomsOnJoin?: boolean;
  /** Signs the client credential for a room placed on `node` (no network, no database). */
  credential(node: string, grant: MediaGrant): MediaCredential;
  /** Whether the node answers now (a cheap request with a short deadline). */
  probe(node: string): Promise<boolean>;
  /** Creates the room on the node (already there: nothing to do). */
  openRoom(node: string, room: MediaRoomSpec): Promise<void>;
  /** Removes everyone from the room (their pages are told) and deletes it from the node. */
  closeRoom(node: string, roomId: string): Promise<void>;
  /** Removes the participants with these media-plane ids from the room; returns how many were there. */
  removeParticipants(node: string, roomId: string, participantRefs: readonly string[]): Promise<number>;
  /** The service's rooms on the node now, with their participants (reconcile). */
  listRooms(node: string): Promise<NodeRoom[]>;
  /**
   * Starts recording the room; returns the plane's handle for the recording (null when it has
   * none), which the service keeps and passes back to stopRecording.
   */
  startRecording(node: string, rec: MediaRecordingSpec): Promise<{ ref: string | null }>;
  /** Stops the recording; the finished file is reported later. Stopping a stopped one succeeds. */
  stopRecording(node: string, rec: MediaRecordingSpec): Promise<void>;
  /**
   * Mutes (or unmutes) what the participant publishes of one kind, for everyone receiving it
   * (docs/decisions/1324); returns how many tracks the plane changed. Janus: VideoRoom `moderate`.
   */
  muteTracks(
    node: string,
    roomId: string,
    target: ParticipantTarget,
    kind: PublishedTrack["kind"],
    muted: boolean,
  ): Promise<number>;
  /**
   * Gives a present participant the publish and subscribe rights of another role without a rejoin
   * (LiveKit: UpdateParticipant). Absent: the plane cannot (Janus), and a rejoin with a new token is
   * the way (docs/moderation.md). Returns how many connections changed.
   */
  updatePermissions?(
    node: string,
    roomId: string,
    target: ParticipantTarget,
    grant: { role: string; caps: readonly string[] },
  ): Promise<number>;
  /** Starts a live stream of the room; returns the plane's handle for it (null when it has none). */
  startStream(node: string, stream: MediaStreamSpec): Promise<{ ref: string | null }>;
  /** Stops the stream; its end is reported later. Stopping a stopped one succeeds. */
  stopStream(node: string, stream: MediaStreamSpec): Promise<void>;
  /**
   * The streams the node runs now (Janus: its streamer agent's; LiveKit: the active egresses);
   * throws MediaNodeUnavailable when whoever runs them does not answer. Reconcile fails a running
   * stream the plane does not hold (docs/decisions/1400). Absent: the plane cannot tell.
   */
  listStreams?(node: string): Promise<NodeStream[]>;
}
