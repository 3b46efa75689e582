import { type EgressInfo, EgressStatus, type WebhookEvent } from "livekit-server-sdk";
import type { MediaObservation } from "@/lib/media/connections";
import type { MediaReport } from "@/lib/media/media-report-schema";
import type { PlaneStreamReport } from "@/lib/streams/plane-stream-report";
import { recordingIdIn, recordingObjectKey } from "./egress-output";
import { egressStreamReports } from "./egress-stream-events";

/**
 * What one LiveKit webhook means for the control plane (docs/media-plane-livekit.md): connection
 * observations (lib/media/connections.ts) for participants, and recording reports for egresses.
 * Every ref and report id carries the event's `id`, so a repeated delivery changes nothing.
 *
 * - `participant_joined`: the participant's connection (its sid) is our identity in our room when
 *   its token carried our attributes (egress recorders and tokens minted elsewhere are not ours).
 * - `participant_left` / `participant_connection_aborted`: that connection left; the identity
 *   leaves with its last connection (a duplicate-identity rejoin kicks only the older one).
 * - `room_finished`: everyone still recorded in the room leaves (the last leave ends it).
 * - `egress_started` / `egress_updated` / `egress_ended`: the recording named by the egress's
 *   object key starts, completes (key, duration, size) or fails; an egress that names no
 *   recording may be a live stream's (./egress-stream-events.ts: stream reports).
 * Other events (room_started, tracks: LiveKit itself enforces who may publish) change nothing.
 */
export interface LivekitMeaning {
  observations: MediaObservation[];
  reports: MediaReport[];
  streamReports?: PlaneStreamReport[];
}

const NOTHING: LivekitMeaning = { observations: [], reports: [] };
const ROOM_ID = /^rm_[A-Za-z0-9]{1,64}$/;
/**
 * LiveKit's int64 times, as dates only when they are real ones (after 2000, before 2200): a
 * signed event still carries whatever its signer put in it, and a bad time must not reach the
 * database as an invalid date.
 */
const MIN_MS = 946_684_800_000n;
const MAX_MS = 7_258_118_400_000n;
const fromMs = (n: bigint) => (n >= MIN_MS && n <= MAX_MS ? new Date(Number(n)) : undefined);
const fromNs = (n: bigint) => fromMs(n / 1_000_000n);
const MAX_INT32 = 2_147_483_647;
/** An event id fits our report ids (docs/spec/product-decisions.md §7: up to 200 characters). */
const MAX_EVENT_ID = 150;

/** What our token's attributes say about it (lib/media/livekit/credential.ts): minted, eject, key. */
function credentialFacts(a: Record<string, string>): {
  issuedAtMs?: number;
  ejectAtMs?: number;
  keyId?: string;
} {
  const ms = (v: string | undefined) =>
    v && /^\d{1,15}$/.test(v) ? fromMs(BigInt(v))?.getTime() : undefined;
  const issuedAtMs = ms(a.iat);
  const ejectAtMs = ms(a.eject);
  const keyId = a.key && /^key_[A-Za-z0-9]{1,64}$/.test(a.key) ? a.key : undefined;
  return {
    ...(issuedAtMs !== undefined ? { issuedAtMs } : {}),
    ...(ejectAtMs !== undefined ? { ejectAtMs } : {}),
    ...(keyId ? { keyId } : {}),
  };
}

export function observeLivekitEvent(e: WebhookEvent): LivekitMeaning {
  if (!e.id || e.id.length > MAX_EVENT_ID) return NOTHING;
  const at = fromMs(e.createdAt * 1000n) ?? new Date();
  const ref = (what: string) => `livekit:${e.id}:${what}`;
  const roomId = e.room?.name ?? "";
  const p = e.participant;

  switch (e.event) {
    case "participant_joined": {
      const role = p?.attributes.role;
      if (!p?.sid || !p.identity || !role || !ROOM_ID.test(roomId)) return NOTHING;
      // The participant's own join time (ms) orders a quick leave and rejoin; createdAt has seconds.
      const joinedAt = fromMs(p.joinedAtMs) ?? at;
      return {
        observations: [
          {
            kind: "connected",
            ref: ref("connected"),
            connectionId: p.sid,
            sessionRef: p.sid,
            roomId,
            identity: p.identity,
            role,
            at: joinedAt,
            ...credentialFacts(p.attributes),
          },
          {
            kind: "joined",
            ref: ref("joined"),
            connectionId: p.sid,
            roomId,
            participantRef: p.sid,
            at: joinedAt,
          },
        ],
        reports: [],
      };
    }
    case "participant_left":
    case "participant_connection_aborted": {
      if (!p?.sid) return NOTHING;
      // Never before the connection's own join (createdAt is rounded down to the second).
      const joinedAt = fromMs(p.joinedAtMs) ?? at;
      const leftAt = new Date(Math.max(joinedAt.getTime(), at.getTime()));
      return {
        observations: [{ kind: "disconnected", ref: ref("left"), connectionId: p.sid, at: leftAt }],
        reports: [],
      };
    }
    case "room_finished": {
      if (!ROOM_ID.test(roomId)) return NOTHING;
      // After every join of the room: the end of createdAt's second (it has no finer time), never
      // later than now, so a join in that same second is not taken for one after the end.
      const end = new Date(Math.min(at.getTime() + 999, Date.now()));
      return { observations: [{ kind: "room_gone", ref: ref("finished"), roomId, at: end }], reports: [] };
    }
    case "egress_started":
    case "egress_updated":
    case "egress_ended": {
      const info = e.egressInfo;
      if (!info || !ROOM_ID.test(info.roomName)) return NOTHING;
      // A recording is named by its file; any other egress may be a stream's.
      if (recordingIdIn(filePath(info))) {
        return { observations: [], reports: recordingReports(info, e.event === "egress_started", e.id, at) };
      }
      return { observations: [], reports: [], streamReports: egressStreamReports(info, e.id, info.roomName) };
    }
    default:
      return NOTHING;
  }
}

/** The file the egress writes or wrote: its result when it has one, else the request's path. */
function filePath(info: EgressInfo): string | undefined {
  const result = info.fileResults[0]?.filename;
  if (result) return result;
  const req = info.request;
  if (req.case !== "roomComposite") return undefined;
  const legacy = req.value.output;
  return req.value.fileOutputs[0]?.filepath ?? (legacy.case === "file" ? legacy.value.filepath : undefined);
}

/** `started`: the event is egress_started, which confirms the start whatever status it carries. */
function recordingReports(info: EgressInfo, started: boolean, eventId: string, at: Date): MediaReport[] {
  const roomId = info.roomName;
  const path = filePath(info);
  const recordingId = recordingIdIn(path);
  // An egress the service did not start (no recording id in its file) is not a recording of ours.
  if (!recordingId || !ROOM_ID.test(roomId)) return [];
  const base = { id: `livekit:${eventId}`, room_id: roomId, occurred_at: at };
  const startedAt = fromNs(info.startedAt);
  switch (info.status) {
    case EgressStatus.EGRESS_STARTING:
    case EgressStatus.EGRESS_ACTIVE:
    case EgressStatus.EGRESS_ENDING:
      // egress_started, or an update to active, confirms the start; other updates are not news.
      if (!started && info.status !== EgressStatus.EGRESS_ACTIVE) return [];
      return [
        {
          ...base,
          type: "recording.started",
          recording: { id: recordingId, ...(startedAt ? { started_at: startedAt } : {}) },
        },
      ];
    case EgressStatus.EGRESS_COMPLETE:
    case EgressStatus.EGRESS_LIMIT_REACHED: {
      // A time limit still uploads what was recorded; no file at all is a failure.
      const file = info.fileResults[0];
      if (!file?.filename) return [{ ...base, type: "recording.failed", recording: { id: recordingId } }];
      const key =
        recordingIdIn(file.filename) === recordingId
          ? file.filename
          : recordingObjectKey(roomId, recordingId);
      // The HLS rendition, when the egress wrote one (docs/decisions/1247): ready after completed.
      const hls = info.segmentResults[0]?.playlistName
        ? [
            {
              ...base,
              id: `${base.id}:ready`,
              type: "recording.ready" as const,
              recording: { id: recordingId },
            },
          ]
        : [];
      return [
        {
          ...base,
          type: "recording.completed",
          recording: {
            id: recordingId,
            object_key: key.replace(/^\/+/, ""),
            ...(file.duration >= 0n && file.duration / 1_000_000_000n < MAX_INT32
              ? { duration_sec: Math.round(Number(file.duration) / 1e9) }
              : {}),
            ...(file.size >= 0n && file.size <= BigInt(Number.MAX_SAFE_INTEGER)
              ? { size_bytes: Number(file.size) }
              : {}),
            ...(startedAt ? { started_at: startedAt } : {}),
          },
        },
        ...hls,
      ];
    }
    case EgressStatus.EGRESS_FAILED:
    case EgressStatus.EGRESS_ABORTED:
      return [{ ...base, type: "recording.failed", recording: { id: recordingId } }];
    default:
      return [];
  }
}
