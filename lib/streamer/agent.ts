import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { safeEqual } from "@/lib/crypto/safe-equal";
import { type AgentOutput, ffmpegArgs, redact, sdpFor } from "@/lib/streamer/ffmpeg-args";
import { hlsUploader } from "@/lib/streamer/hls-uploader";
import { type OutputProcess, startOutput } from "@/lib/streamer/output-process";
import type { StreamerServiceClient } from "@/lib/streamer/service-client";

/**
 * The streamer agent (`npm run media:streamer`, docs/streaming.md, docs/decisions/1330): beside a
 * Janus node, like the recording agent. The service's Janus driver asks it (POST /streams, the
 * media agents' secret) to take a stream: per output it opens a pair of UDP ports, writes the SDP
 * and runs ffmpeg (HLS into a folder, or RTMP out), and answers the ports; the driver then has the
 * VideoRoom forward the publisher there. Each pass it uploads new HLS segments, asks the service
 * whether the stream is over (stopped, its room ended), and reports: `stream.started` when media
 * reaches an output, `stream.failed` once per output that fails (never restarted), `stream.ended`
 * when every ffmpeg has exited. POST /streams/:id/stop stops at once. GET /streams lists the
 * streams it runs (the service's reconcile: a stream no agent runs fails, docs/decisions/1400).
 */

export interface StreamerOptions {
  dir: string;
  service: StreamerServiceClient;
  secret: string;
  /** The address Janus forwards RTP to (this agent's, as the node reaches it). */
  rtpHost: string;
  /** The first RTP port; each output takes four (audio, its RTCP, video, its RTCP). */
  portBase: number;
  portCount: number;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

interface RunningOutput {
  output: AgentOutput;
  audioPort: number;
  videoPort: number;
  process: OutputProcess;
  result?: { ok: true } | { ok: false; reason: string };
  upload?: ReturnType<typeof hlsUploader>;
}

interface RunningStream {
  id: string;
  outputs: RunningOutput[];
  secrets: string[];
  startedReported: boolean;
  stopping: boolean;
  takenAt: number;
}

const STREAM_ID = /^str_[A-Za-z0-9]{16,64}$/;

const isOutput = (v: unknown): v is AgentOutput =>
  typeof v === "object" &&
  v !== null &&
  "kind" in v &&
  (v.kind === "hls" ||
    (v.kind === "rtmp" &&
      "url" in v &&
      typeof v.url === "string" &&
      /^rtmps?:\/\//.test(v.url) &&
      "stream_key" in v &&
      typeof v.stream_key === "string"));

export function streamerAgent(o: StreamerOptions) {
  const streams = new Map<string, RunningStream>();
  const usedPorts = new Set<number>();

  const allocate = (): number => {
    for (let p = o.portBase; p + 3 < o.portBase + o.portCount; p += 4) {
      if (!usedPorts.has(p)) {
        usedPorts.add(p);
        return p;
      }
    }
    throw new Error("no free RTP ports left");
  };

  function start(id: string, outputs: AgentOutput[]): RunningStream {
    const existing = streams.get(id);
    if (existing) return existing;
    const folder = path.join(o.dir, id);
    fs.mkdirSync(folder, { recursive: true });
    const secrets = outputs.flatMap((x) => (x.kind === "rtmp" ? [x.stream_key] : []));
    const s: RunningStream = {
      id,
      outputs: [],
      secrets,
      startedReported: false,
      stopping: false,
      takenAt: Date.now(),
    };
    outputs.forEach((output, i) => {
      const base = allocate();
      const sdp = path.join(folder, `out${i}.sdp`);
      fs.writeFileSync(sdp, sdpFor(o.rtpHost, base, base + 2));
      const hlsDir = path.join(folder, `hls${i}`);
      if (output.kind === "hls") fs.mkdirSync(hlsDir, { recursive: true });
      const process = startOutput(ffmpegArgs(sdp, output, hlsDir), secrets, () => void reportStarted(s));
      const running: RunningOutput = { output, audioPort: base, videoPort: base + 2, process };
      if (output.kind === "hls") running.upload = hlsUploader(id, hlsDir, o.service);
      void process.done.then((r) => {
        running.result = r;
        usedPorts.delete(base);
        if (!r.ok && !s.stopping) {
          o.log("output failed", { stream_id: id, output: i, reason: r.reason });
          void o.service
            .report({ type: "stream.failed", stream_id: id, output: i, reason: r.reason })
            .catch((err) => o.log("report failed; the next pass says it again", { error: String(err) }));
        }
      });
      s.outputs.push(running);
    });
    streams.set(id, s);
    o.log("stream taken", { stream_id: id, outputs: outputs.map((x) => x.kind) });
    return s;
  }

  async function reportStarted(s: RunningStream): Promise<void> {
    if (s.startedReported) return;
    s.startedReported = true;
    try {
      await o.service.report({ type: "stream.started", stream_id: s.id });
    } catch (err) {
      s.startedReported = false;
      o.log("stream.started not reported; retried next pass", { error: String(err) });
    }
  }

  function stop(s: RunningStream): void {
    if (s.stopping) return;
    s.stopping = true;
    for (const out of s.outputs) out.process.stop();
  }

  /** One look at every stream: upload, ask the service, finish the ones whose ffmpegs all exited. */
  async function pass(): Promise<void> {
    for (const s of [...streams.values()]) {
      try {
        // Sampled while ffmpeg runs: the last sample is what the stream cost (logged at the end).
        for (const out of s.outputs) out.process.cpuSeconds();
        if (!s.startedReported && s.outputs.some((x) => x.process.flowing)) await reportStarted(s);
        for (const out of s.outputs) if (out.upload && out.result?.ok !== false) await out.upload.pass();
        if (!s.stopping) {
          const state = await o.service.stream(s.id).catch(() => undefined);
          if (state?.over) stop(s);
        }
        if (s.outputs.every((x) => x.result)) {
          for (const out of s.outputs) if (out.upload && out.result?.ok) await out.upload.finish();
          // Failed outputs were reported one by one; the service ends the stream when none is left.
          if (s.outputs.some((x) => x.result?.ok)) {
            await o.service.report({ type: "stream.ended", stream_id: s.id });
          }
          streams.delete(s.id);
          fs.rmSync(path.join(o.dir, s.id), { recursive: true, force: true });
          o.log("stream finished", {
            stream_id: s.id,
            seconds: Math.round((Date.now() - s.takenAt) / 1000),
            cpu_seconds: s.outputs.map((x) => ({ kind: x.output.kind, cpu: x.process.cpuSeconds() ?? null })),
          });
        }
      } catch (err) {
        o.log("will retry", { stream_id: s.id, error: redact(String(err), s.secrets) });
      }
    }
  }

  /** CPU seconds the stream's ffmpegs used so far, per output (the media e2e's measurements). */
  const cpu = (id: string) => streams.get(id)?.outputs.map((x) => x.process.cpuSeconds() ?? 0);

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const presented = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!presented || !safeEqual(presented, o.secret)) return send(401, { error: "unauthenticated" });
    let raw = "";
    req.on("data", (d: Buffer) => {
      raw += d.toString();
      if (raw.length > 64 * 1024) req.destroy();
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://agent");
      const stopMatch = /^\/streams\/([^/]+)\/stop$/.exec(url.pathname);
      const cpuMatch = /^\/streams\/([^/]+)\/cpu$/.exec(url.pathname);
      try {
        if (req.method === "POST" && url.pathname === "/streams") {
          const body: unknown = JSON.parse(raw || "{}");
          const b = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
          const outputs = Array.isArray(b.outputs) ? b.outputs : [];
          if (typeof b.stream_id !== "string" || !STREAM_ID.test(b.stream_id) || outputs.length === 0) {
            return send(422, { error: "stream_id and outputs are required" });
          }
          if (!outputs.every(isOutput)) return send(422, { error: "an output is neither hls nor rtmp" });
          const s = start(b.stream_id, outputs);
          return send(200, {
            host: o.rtpHost,
            outputs: s.outputs.map((x) => ({ audio_port: x.audioPort, video_port: x.videoPort })),
          });
        }
        if (req.method === "GET" && url.pathname === "/streams") {
          // Ids and output kinds only: never a destination or a key.
          return send(200, {
            streams: [...streams.values()].map((x) => ({
              stream_id: x.id,
              outputs: x.outputs.map((out) => out.output.kind),
              stopping: x.stopping,
            })),
          });
        }
        if (req.method === "POST" && stopMatch?.[1]) {
          const s = streams.get(decodeURIComponent(stopMatch[1]));
          if (s) stop(s);
          return send(202, { stopping: Boolean(s) });
        }
        if (req.method === "GET" && cpuMatch?.[1]) {
          return send(200, { cpu_seconds: cpu(decodeURIComponent(cpuMatch[1])) ?? null });
        }
        return send(404, { error: "not found" });
      } catch (err) {
        return send(500, { error: err instanceof Error ? err.message : String(err) });
      }
    });
  });

  return {
    pass,
    server,
    stopAll: () => {
      for (const s of streams.values()) stop(s);
    },
    running: () => streams.size,
  };
}
