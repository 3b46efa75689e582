import type { QOS_KINDS } from "@/lib/media/media-report-schema";
import type { QualitySample } from "./quality-sample";

/**
 * The quality rules (docs/media-plane.md "Quality alerts"), the same for every media plane: which
 * samples are bad enough to tell the customer (`qos.alert`), and how often. A driver only measures
 * (lib/media/qos/quality-sample.ts); this module alone decides.
 */
export const QOS_LIMITS = {
  /** Round-trip time at or above this (ms) is `high_rtt`. */
  highRttMs: 500,
  /** Loss above this share of packets (%) is `loss_storm` (Janus: link quality below 60). */
  maxLossPercent: 40,
  /** Inbound video below this (kbit/s, but above zero: a paused camera is not bad) is `low_bitrate`. */
  minVideoKbps: 100,
  /** One alert per room and kind per window (ms). */
  windowMs: 60_000,
} as const;

export type QosKind = (typeof QOS_KINDS)[number];

/** One alert a sample deserves: its kind, its value (in the kind's unit) and the window it falls in. */
export interface QualityVerdict {
  kind: QosKind;
  value: number;
  /** The alert's dedupe key within a room: one alert per room, kind and window. */
  ref: string;
}

/**
 * The alerts one sample deserves. A stream on which nothing flowed (`packets: 0`) is judged on
 * nothing: it has lost nothing, and its bitrate and round trip mean nothing (Janus reports
 * `in-link-quality: 0` on every subscriber handle, which receives nothing: that is not loss, and
 * counting it sent a false `loss_storm` to every watcher; issue 42). Bitrate is judged only on
 * video the client sends (inbound): what the server sends a subscriber follows the layer chosen
 * for it, not the link's health.
 */
export function judgeQualitySample(s: QualitySample): QualityVerdict[] {
  if (!(s.packets > 0)) return [];
  const window = Math.floor(s.at.getTime() / QOS_LIMITS.windowMs);
  const verdict = (kind: QosKind, value: number): QualityVerdict => ({
    kind,
    value,
    ref: `qos:${kind}:${window}`,
  });
  const out: QualityVerdict[] = [];
  if (s.rttMs !== undefined && s.rttMs >= QOS_LIMITS.highRttMs) out.push(verdict("high_rtt", s.rttMs));
  if (s.lossPercent !== undefined && s.lossPercent > QOS_LIMITS.maxLossPercent) {
    out.push(verdict("loss_storm", Math.round(s.lossPercent)));
  }
  if (
    s.direction === "inbound" &&
    s.media === "video" &&
    s.kbps !== undefined &&
    s.kbps > 0 &&
    s.kbps < QOS_LIMITS.minVideoKbps
  ) {
    out.push(verdict("low_bitrate", Math.round(s.kbps)));
  }
  return out;
}
