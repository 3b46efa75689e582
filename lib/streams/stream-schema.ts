import { z } from "zod";
import { STREAM_STATES } from "@/db/enums";
import { blockedHostReason } from "@/lib/webhooks/address-policy";
import { prefixedId, timestamp } from "@/lib/wire";

/**
 * A live stream of a room on the wire (issue 45, docs/streaming.md): what POST
 * /v1/workspace/rooms/:id/streams takes, and the stream every answer and `stream.*` event carries.
 */

export { STREAM_STATES };
export type StreamState = (typeof STREAM_STATES)[number];
export const OUTPUT_STATES = ["pending", "live", "ended", "failed"] as const;

/** At most this many outputs per stream: each RTMP output costs the node an ffmpeg (docs/streaming.md). */
export const MAX_OUTPUTS = 4;
const MAX_RTMP_URL = 2048;

/** An RTMP destination: rtmp:// or rtmps://, a host, no credentials in the URL (the key is apart). */
export function rtmpUrlProblem(raw: string, cloud: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "url must be an absolute rtmp:// or rtmps:// URL";
  }
  if (url.protocol !== "rtmp:" && url.protocol !== "rtmps:") return "url must use rtmp:// or rtmps://";
  if (url.username || url.password) return "url must not contain credentials (send the key as stream_key)";
  if (!url.hostname) return "url must name a host";
  if (cloud) {
    // The node pushes to it: in cloud mode, nothing inside the platform's own network.
    const reason = blockedHostReason(url.hostname);
    if (reason) return `url is not allowed in cloud mode: ${reason}`;
  }
  return undefined;
}

const hlsOutput = z.object({ kind: z.literal("hls") }).strict();
const rtmpOutput = z
  .object({
    kind: z.literal("rtmp"),
    url: z
      .string({ error: "outputs[].url is required for rtmp (rtmp://host/app)" })
      .min(1, "outputs[].url is required for rtmp")
      .max(MAX_RTMP_URL, `outputs[].url must be at most ${MAX_RTMP_URL} characters`),
    stream_key: z
      .string({ error: "outputs[].stream_key is required for rtmp" })
      .min(1, "outputs[].stream_key is required for rtmp")
      .max(512, "outputs[].stream_key must be at most 512 characters")
      .regex(/^[\x21-\x7e]+$/, "outputs[].stream_key must be printable ASCII without spaces"),
  })
  .strict();

export const startStreamBody = z
  .object({
    outputs: z
      .array(
        z.discriminatedUnion("kind", [hlsOutput, rtmpOutput], {
          error: "outputs[].kind must be `hls` or `rtmp`",
        }),
        { error: "outputs must be an array of { kind: hls } or { kind: rtmp, url, stream_key }" },
      )
      .min(1, `outputs must list 1 to ${MAX_OUTPUTS} outputs`)
      .max(MAX_OUTPUTS, `outputs must list 1 to ${MAX_OUTPUTS} outputs`)
      .refine((o) => o.filter((x) => x.kind === "hls").length <= 1, "outputs may hold one hls output"),
  })
  .meta({ id: "StartStreamRequest" });
export type StartStreamBody = z.output<typeof startStreamBody>;

const outputState = z.enum(OUTPUT_STATES);
const failure = z.string().nullable().meta({ description: "Why the output failed; null otherwise." });

export const streamOutputSchema = z
  .object({
    kind: z.enum(["hls", "rtmp"]),
    state: outputState,
    failure_reason: failure,
    url: z
      .string()
      .nullable()
      .meta({ description: "`rtmp`: the destination (its stream key is never returned); `hls`: null." }),
    playlist_url: z.string().nullable().meta({
      description:
        "`hls`: the live playlist (its segments as short-lived storage links); null for `rtmp` and once the HLS output failed.",
    }),
  })
  .meta({ id: "StreamOutput" });

const streamFields = {
  id: prefixedId("str_"),
  room_id: prefixedId("rm_"),
  state: z.enum(STREAM_STATES),
  outputs: z.array(streamOutputSchema),
  created_at: timestamp,
  started_at: timestamp
    .nullable()
    .meta({ description: "When the media plane confirmed it (`stream.started`)." }),
  ended_at: timestamp.nullable(),
  failure_reason: z.string().nullable(),
};

export const streamSchema = z.object(streamFields).meta({
  id: "Stream",
  description:
    "`starting` until the media plane confirms (`stream.started`), `live`, then `ended` (stopped, or its room ended) or `failed` (every output failed). An output that fails is reported by `stream.failed` while the others go on.",
});
export type StreamDto = z.output<typeof streamSchema>;

/** The stream each `stream.*` event carries: its state is the one the event reports. */
const inState = <const S extends readonly [StreamState, ...StreamState[]]>(states: S) =>
  z.object({ ...streamFields, state: z.enum(states) });

export const STREAM_EVENT_OBJECTS = {
  "stream.started": inState(["live"]),
  "stream.ended": inState(["ended"]),
  // One output failed (the stream may go on: `live`), or the last one did (`failed`).
  "stream.failed": inState(["live", "starting", "failed"]),
} as const;
