import { z } from "zod";
import type { DriverObservation } from "@/lib/media/driver-observation";
import { mediaIntakeReceiptShape } from "@/lib/media/intake-receipt";
import { readJanusCredential, VIDEOROOM_PLUGIN } from "./credential";

type QualitySample = Extract<DriverObservation, { kind: "quality_sample" }>;

/**
 * Janus's event handler JSON (the sample HTTP event handler, `janus.eventhandler.sampleevh.jcfg`):
 * one event object, or an array of up to 100 with `grouping = true`. Only the envelope is checked
 * strictly (a body that is not Janus event JSON is a 422); inside it Janus may add fields, and an
 * event of a type the driver does not use, or one missing what the driver needs, is skipped.
 */

/** Janus event types (janus/events.h). */
export const JANUS_EVENT = { session: 1, handle: 2, media: 32, plugin: 64, core: 256 } as const;

const janusId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const janusEventSchema = z.looseObject({
  type: z.number({ error: "type must be Janus's event type (a number)" }).int(),
  subtype: z.number().int().optional(),
  timestamp: z.number({ error: "timestamp must be Janus's time in microseconds" }).nonnegative(),
  emitter: z.string().max(256).optional(),
  session_id: janusId.optional(),
  handle_id: janusId.optional(),
  event: z.looseObject({}, { error: "event must be an object" }),
});
export type JanusEvent = z.output<typeof janusEventSchema>;

export const janusEventsBody = z.union(
  [
    janusEventSchema,
    z.array(janusEventSchema).min(1, "an empty array").max(100, "at most 100 events per request"),
  ],
  { error: "the body must be a Janus event object or an array of 1 to 100 of them" },
);

/** The answer to the event handler (it reads only the status; the counts help operators and tests). */
export const janusEventsAnswer = z
  .object({
    accepted: z.literal(true),
    received: z.number().int().meta({ description: "Events in the request." }),
    ...mediaIntakeReceiptShape,
  })
  .meta({ id: "MediaEventsAccepted" });

const str = (v: unknown): string | undefined =>
  typeof v === "string" && v.length > 0 && v.length <= 256 ? v : undefined;
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
/** A VideoRoom participant id: a string with `string_ids`, a number without. */
const participantId = (v: unknown): string | undefined =>
  typeof v === "number" && Number.isSafeInteger(v) ? String(v) : str(v);

/**
 * What one Janus event means for the control plane: none, one or several observations (lib/media/
 * connections.ts). `tokenSecret` reads the identity out of a handle's session token; tokens the
 * service did not sign (our own control sessions, anything forged) identify nobody.
 */
export function observeJanusEvent(e: JanusEvent, tokenSecret: string): DriverObservation[] {
  const at = new Date(Math.floor(e.timestamp / 1000));
  const ev = e.event;
  const session = e.session_id !== undefined ? String(e.session_id) : undefined;
  const connectionId =
    session !== undefined && e.handle_id !== undefined ? `${session}:${e.handle_id}` : undefined;
  const ref = (what: string) => `janus:${connectionId ?? session ?? "-"}:${what}:${e.timestamp}`;

  switch (e.type) {
    case JANUS_EVENT.session: {
      const name = str(ev.name);
      if (!session || (name !== "destroyed" && name !== "timeout")) return [];
      return [{ kind: "session_closed", ref: ref(name), sessionRef: session, at }];
    }
    case JANUS_EVENT.handle: {
      const name = str(ev.name);
      if (!connectionId || !session) return [];
      if (name === "detached") return [{ kind: "disconnected", ref: ref("detached"), connectionId, at }];
      if (name !== "attached" || ev.plugin !== VIDEOROOM_PLUGIN) return [];
      const token = typeof ev.token === "string" ? ev.token : undefined;
      const grant = token ? readJanusCredential(tokenSecret, token) : undefined;
      if (!grant) return [];
      return [
        {
          kind: "connected",
          ref: ref("attached"),
          connectionId,
          sessionRef: session,
          roomId: grant.roomId,
          identity: grant.identity,
          role: grant.role,
          at,
          ...(grant.issuedAt ? { issuedAtMs: grant.issuedAt.getTime() } : {}),
          ...(grant.ejectAtExpiry ? { ejectAtMs: grant.expiresAt.getTime() } : {}),
          ...(grant.keyId ? { keyId: grant.keyId } : {}),
        },
      ];
    }
    case JANUS_EVENT.plugin: {
      if (ev.plugin !== VIDEOROOM_PLUGIN || typeof ev.data !== "object" || ev.data === null) return [];
      const data = ev.data as Record<string, unknown>;
      const room = str(data.room);
      const id = participantId(data.id);
      if (!room) return [];
      switch (data.event) {
        case "joined":
          if (!id || !connectionId) return [];
          return [
            {
              kind: "joined",
              ref: ref(`joined:${room}:${id}`),
              connectionId,
              roomId: room,
              participantRef: id,
              at,
            },
          ];
        case "leaving":
        case "kicked":
          if (!id) return [];
          return [
            {
              kind: "left",
              ref: `janus:${room}:${id}:left:${e.timestamp}`,
              roomId: room,
              participantRef: id,
              at,
            },
          ];
        case "published":
          if (!id) return [];
          return [
            {
              kind: "published",
              ref: `janus:${room}:${id}:published:${e.timestamp}`,
              roomId: room,
              participantRef: id,
              at,
              tracks: publishedTracks(data.streams),
            },
          ];
        case "destroyed":
          return [{ kind: "room_gone", ref: `janus:${room}:destroyed:${e.timestamp}`, roomId: room, at }];
        default:
          return [];
      }
    }
    case JANUS_EVENT.media:
      return connectionId && e.subtype === 3 ? statisticsSamples(ev, connectionId, e.timestamp, at) : [];
    default:
      return [];
  }
}

/** The audio and video streams of a VideoRoom `published` event (`streams`: type, mindex, mid). */
function publishedTracks(streams: unknown): { kind: "audio" | "video"; mid: string }[] {
  if (!Array.isArray(streams)) return [];
  return streams.slice(0, 16).flatMap((s: unknown) => {
    if (typeof s !== "object" || s === null) return [];
    const { type, mid } = s as Record<string, unknown>;
    const m = str(mid);
    return (type === "audio" || type === "video") && m && m.length <= 32 ? [{ kind: type, mid: m }] : [];
  });
}

/**
 * Janus's media statistics (type 32, subtype 3: one event per stream of a handle, every
 * `stats_period` seconds) as two neutral samples (`quality_sample` observations), one per
 * direction, each with what Janus measured and nothing judged (the domain judges them): what the handle received
 * (`packets-received`, `in-link-quality`, `bytes-received-lastsec`) and what it sent
 * (`packets-sent`, `out-link-quality`, `bytes-sent-lastsec`). Janus's link quality (0–100, 100:
 * nothing lost) is our loss share (100 − quality); its `rtt` goes with both.
 */
function statisticsSamples(
  ev: Record<string, unknown>,
  connectionId: string,
  timestamp: number,
  at: Date,
): QualitySample[] {
  const media = ev.media === "audio" || ev.media === "video" ? ev.media : "other";
  const stream = num(ev.mindex) ?? str(ev.mid) ?? media;
  const rtt = num(ev.rtt);
  const sample = (
    direction: QualitySample["direction"],
    packets: unknown,
    quality: unknown,
    bytesLastSecond: unknown,
  ): QualitySample => {
    const q = num(quality);
    const bytes = num(bytesLastSecond);
    return {
      kind: "quality_sample",
      ref: `janus:${connectionId}:stats:${stream}:${direction}:${timestamp}`,
      connectionId,
      at,
      direction,
      media,
      packets: Math.max(0, num(packets) ?? 0),
      ...(q !== undefined && q >= 0 && q <= 100 ? { lossPercent: 100 - q } : {}),
      ...(rtt !== undefined && rtt >= 0 ? { rttMs: rtt } : {}),
      ...(bytes !== undefined && bytes >= 0 ? { kbps: (bytes * 8) / 1000 } : {}),
    };
  };
  return [
    sample("inbound", ev["packets-received"], ev["in-link-quality"], ev["bytes-received-lastsec"]),
    sample("outbound", ev["packets-sent"], ev["out-link-quality"], ev["bytes-sent-lastsec"]),
  ];
}
