/**
 * A neutral quality sample (docs/media-plane.md "What each driver observes"): what one media
 * stream of one connection looked like when the media server last measured it, in words of no one
 * server. A driver turns its server's statistics into these and judges nothing; the rules
 * (thresholds, windows, what counts as loss) are lib/media/qos/judge-quality-sample.ts's.
 *
 * `direction` is seen from the media server: `inbound` is media the client sends to the server
 * (it publishes), `outbound` media the server sends to the client (it subscribes). A measure the
 * server does not give is absent, never guessed.
 */
export interface QualitySample {
  kind: "quality_sample";
  /** The driver's unique id of the measurement (a repeat is the same sample). */
  ref: string;
  /** The connection measured (lib/media/connections.ts's connection id). */
  connectionId: string;
  at: Date;
  direction: "inbound" | "outbound";
  media: "audio" | "video" | "other";
  /** Packets that flowed in this direction on this stream so far (0: nothing flowed). */
  packets: number;
  /** The share of this direction's packets lost, 0–100, as the server estimates it. */
  lossPercent?: number;
  /** Round-trip time to the client, in ms. */
  rttMs?: number;
  /** This direction's bitrate over the last second, in kbit/s. */
  kbps?: number;
}
