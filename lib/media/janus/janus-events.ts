import { z } from "zod";
import type { MediaObservation } from "@/lib/media/connections";
import { readJanusCredential, VIDEOROOM_PLUGIN } from "./credential";

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
    applied: z.number().int().meta({
      description: "Events that changed something (unknown rooms, repeats and other types change nothing).",
    }),
  })
  .meta({ id: "MediaEventsAccepted" });

/**
 * Media statistics over these thresholds emit `qos.alert` (docs/media-plane.md), at most once per
 * room, kind and window.
 */
export const QOS_THRESHOLDS = {
  /** Round-trip time reported by RTCP, in ms. */
  highRttMs: 500,
  /** Janus's incoming link quality (0–100, 100 = nothing lost): below this, a loss storm. */
  minLinkQuality: 60,
  /** Incoming video bitrate in kbit/s: below this (but above zero: not paused), low bitrate. */
  minVideoKbps: 100,
  /** One alert per room and kind per window. */
  windowMs: 60_000,
} as const;

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
export function observeJanusEvent(e: JanusEvent, tokenSecret: string): MediaObservation[] {
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
            },
          ];
        case "destroyed":
          return [{ kind: "room_gone", ref: `janus:${room}:destroyed:${e.timestamp}`, roomId: room, at }];
        default:
          return [];
      }
    }
    case JANUS_EVENT.media:
      return connectionId && e.subtype === 3 ? qualityAlerts(ev, connectionId, at) : [];
    default:
      return [];
  }
}

/** Statistics (type 32, subtype 3) over the thresholds; the ref makes one alert per window. */
function qualityAlerts(ev: Record<string, unknown>, connectionId: string, at: Date): MediaObservation[] {
  const window = Math.floor(at.getTime() / QOS_THRESHOLDS.windowMs);
  const alert = (kind: "loss_storm" | "low_bitrate" | "high_rtt", value: number): MediaObservation => ({
    kind: "quality",
    // The room is not known here; connections.ts dedupes per room through the report id it builds.
    ref: `janus-qos:${kind}:${window}`,
    connectionId,
    qos: { kind, value },
    at,
  });
  const out: MediaObservation[] = [];
  const rtt = num(ev.rtt);
  if (rtt !== undefined && rtt >= QOS_THRESHOLDS.highRttMs) out.push(alert("high_rtt", rtt));
  const quality = num(ev["in-link-quality"]);
  if (quality !== undefined && quality < QOS_THRESHOLDS.minLinkQuality)
    out.push(alert("loss_storm", 100 - quality));
  const bytes = num(ev["bytes-received-lastsec"]);
  if (ev.media === "video" && bytes !== undefined && bytes > 0) {
    const kbps = (bytes * 8) / 1000;
    if (kbps < QOS_THRESHOLDS.minVideoKbps) out.push(alert("low_bitrate", Math.round(kbps)));
  }
  return out;
}
