import {
  MediaNodeUnavailable,
  MediaStreamRefused,
  type MediaStreamSpec,
  type NodeStream,
} from "@/lib/media/plane";
import { JanusError, VIDEOROOM_NO_SUCH_FEED, VIDEOROOM_NO_SUCH_ROOM, type VideoRoomRequests } from "./client";

/**
 * A live stream on a Janus node (issue 45, docs/streaming.md, docs/decisions/1330): the streamer
 * agent beside the node (`npm run media:streamer`) opens one pair of UDP ports per output and runs
 * ffmpeg on them; the driver asks it for the ports, then has the VideoRoom `rtp_forward` the room's
 * publisher there. The payload types are fixed by the forward (`audio_pt`, `video_pt`), so the
 * agent's SDP is known in advance: Opus 111 and H.264 96 (the room offers H.264 first; a
 * publisher that sends VP8 makes the agent's output fail, reported as `stream.failed`).
 */

export const FORWARD_AUDIO_PT = 111;
export const FORWARD_VIDEO_PT = 96;

/** What the agent answers for a stream: where each output listens, in the outputs' order. */
export interface StreamerPorts {
  host: string;
  outputs: { audio_port: number; video_port: number }[];
}

/** The agent's wire form of an output: the RTMP key travels to the agent only (never logged). */
const wireOutputs = (spec: MediaStreamSpec) =>
  spec.outputs.map((o) =>
    o.kind === "hls"
      ? { kind: "hls" as const }
      : { kind: "rtmp" as const, url: o.url, stream_key: o.streamKey },
  );

async function callAgent(
  node: string,
  base: string,
  secret: string,
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${base.replace(/\/+$/, "")}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (err) {
    throw new MediaNodeUnavailable(node, new Error(`its streamer agent did not answer: ${String(err)}`));
  }
  const text = await res.text();
  if (res.status >= 500 || res.status === 401) {
    throw new MediaNodeUnavailable(node, new Error(`its streamer agent answered ${res.status}`));
  }
  if (!res.ok) throw new MediaStreamRefused(`the streamer agent refused: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

const isPorts = (v: unknown): v is StreamerPorts =>
  typeof v === "object" &&
  v !== null &&
  "host" in v &&
  typeof v.host === "string" &&
  "outputs" in v &&
  Array.isArray(v.outputs);

/** The room's publishers' Janus ids (string ids: the room may be gone). */
async function publishers(vr: VideoRoomRequests, roomId: string): Promise<string[]> {
  const answer = await vr.request({ request: "listparticipants", room: roomId });
  const list = Array.isArray(answer.participants) ? answer.participants : [];
  return list.flatMap((p: unknown) =>
    typeof p === "object" && p !== null && "publisher" in p && p.publisher === true && "id" in p
      ? [String(p.id)]
      : [],
  );
}

export interface ForwardOptions {
  node: string;
  streamerUrl: string | undefined;
  agentSecret: string | undefined;
  roomSecret: string;
  timeoutMs: number;
}

/**
 * Asks the agent for ports, then forwards the room's first publisher to each output's pair.
 * Returns the forwarders' ids as the stream's handle (`<publisher>:<id>,<id>…`).
 */
export async function forwardStream(
  vr: VideoRoomRequests,
  spec: MediaStreamSpec,
  o: ForwardOptions,
): Promise<string> {
  if (!o.streamerUrl || !o.agentSecret) {
    throw new MediaStreamRefused(
      "No streamer agent is configured for this node (JANUS_STREAMER_URL and SVC_RECORDER_SECRET).",
    );
  }
  const [publisher] = await publishers(vr, spec.roomId);
  if (!publisher)
    throw new MediaStreamRefused("Nobody publishes in the room yet: start the stream once someone does.");
  const ports = await callAgent(
    o.node,
    o.streamerUrl,
    o.agentSecret,
    "/streams",
    { stream_id: spec.streamId, room_id: spec.roomId, outputs: wireOutputs(spec) },
    o.timeoutMs,
  );
  if (!isPorts(ports) || ports.outputs.length !== spec.outputs.length) {
    throw new MediaNodeUnavailable(o.node, new Error("the streamer agent's answer has no ports"));
  }
  const ids: string[] = [];
  for (const out of ports.outputs) {
    const answer = await vr.request({
      request: "rtp_forward",
      room: spec.roomId,
      publisher_id: publisher,
      secret: o.roomSecret,
      host: ports.host,
      audio_port: out.audio_port,
      audio_pt: FORWARD_AUDIO_PT,
      video_port: out.video_port,
      video_pt: FORWARD_VIDEO_PT,
    });
    const forwarders = Array.isArray(answer.forwarders) ? answer.forwarders : [];
    for (const f of forwarders) {
      if (typeof f === "object" && f !== null && "stream_id" in f) ids.push(String(f.stream_id));
    }
    // Janus 1.1's legacy answer names the ids as audio_stream_id / video_stream_id.
    const rtp = typeof answer.rtp_stream === "object" && answer.rtp_stream !== null ? answer.rtp_stream : {};
    for (const k of ["audio_stream_id", "video_stream_id"]) {
      const v = (rtp as Record<string, unknown>)[k];
      if (typeof v === "number") ids.push(String(v));
    }
  }
  return `${publisher}:${ids.join(",")}`;
}

/**
 * Tells the agent to end the stream first (its ffmpegs finish while packets still come), then
 * stops the forwarders (gone already: fine).
 */
export async function unforwardStream(
  vr: VideoRoomRequests,
  spec: MediaStreamSpec,
  o: ForwardOptions,
): Promise<void> {
  if (o.streamerUrl && o.agentSecret) {
    await callAgent(
      o.node,
      o.streamerUrl,
      o.agentSecret,
      `/streams/${encodeURIComponent(spec.streamId)}/stop`,
      {},
      o.timeoutMs,
    );
  }
  const [publisher, list] = (spec.ref ?? "").split(":");
  for (const id of (list ?? "").split(",").filter(Boolean)) {
    try {
      await vr.request({
        request: "stop_rtp_forward",
        room: spec.roomId,
        publisher_id: publisher,
        stream_id: Number(id),
        secret: o.roomSecret,
      });
    } catch (err) {
      const gone =
        err instanceof JanusError && [VIDEOROOM_NO_SUCH_FEED, VIDEOROOM_NO_SUCH_ROOM].includes(err.code);
      if (!gone) throw err;
    }
  }
}

/**
 * The streams the node's agent runs now (reconcile, docs/decisions/1400): by id. An agent that is
 * not configured or does not answer (killed, unreachable) is the node's streams being unavailable.
 */
export async function agentStreams(o: Omit<ForwardOptions, "roomSecret">): Promise<NodeStream[]> {
  if (!o.streamerUrl || !o.agentSecret) {
    throw new MediaNodeUnavailable(o.node, new Error("no streamer agent is configured for the node"));
  }
  const answer = await callAgent(o.node, o.streamerUrl, o.agentSecret, "/streams", undefined, o.timeoutMs);
  const list =
    typeof answer === "object" && answer !== null && "streams" in answer && Array.isArray(answer.streams)
      ? (answer.streams as unknown[])
      : undefined;
  if (!list)
    throw new MediaNodeUnavailable(o.node, new Error("the streamer agent's answer lists no streams"));
  return list.flatMap((s) =>
    typeof s === "object" && s !== null && "stream_id" in s && typeof s.stream_id === "string"
      ? [{ streamId: s.stream_id }]
      : [],
  );
}
