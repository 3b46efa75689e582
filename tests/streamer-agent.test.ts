import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamerAgent } from "@/lib/streamer/agent";
import type { StreamerReportInput, StreamerServiceClient } from "@/lib/streamer/service-client";
import { type RtmpServer, rtmpAvailable, startRtmpServer } from "./helpers/rtmp-server";
import { until } from "./helpers/wait";

/**
 * The streamer agent (issue 45) with real ffmpeg and a real nginx-rtmp, against a stand-in for the
 * service: RTP as the VideoRoom forwards it (H.264 at payload type 96 with its parameter sets
 * in-band, as browsers send it; Opus at 111) reaches three outputs: HLS, uploaded segment by segment
 * through presigned PUTs, then ending with #EXT-X-ENDLIST after the stop; RTMP to nginx-rtmp, whose
 * recording ffprobe reads (video and audio); and RTMP to a closed port, reported `stream.failed`
 * once with the reason and without the stream key. The Janus forward itself is
 * tests/media-e2e/streams.spec.ts.
 */
const tools = !spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).error && rtmpAvailable;
if (!tools) console.warn("SKIPPED streamer-agent: needs ffmpeg and nginx with libnginx-mod-rtmp");

const STREAM = "str_agenttest00000000000001";
const SECRET = "streamer-agent-test-secret";
const KEY = "sk_live_secret_key_123";

describe.skipIf(!tools)("the streamer agent", () => {
  let dir: string;
  let rtmp: RtmpServer;
  let store: http.Server;
  let storeUrl: string;
  const stored = new Map<string, Buffer>();
  const reports: StreamerReportInput[] = [];
  let over = false;
  const senders: ChildProcess[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-streamer-"));
    rtmp = await startRtmpServer();
    store = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        stored.set(
          decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.slice(1)),
          Buffer.concat(chunks),
        );
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => store.listen(0, "127.0.0.1", r));
    storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
    // A clip as a browser would send it: H.264 with SPS/PPS before each keyframe (every 2 s), Opus.
    const made = spawnSync(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-y"],
        ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15", "-f", "lavfi", "-i", "sine=frequency=440"],
        ...[
          "-t",
          "30",
          "-c:v",
          "libx264",
          "-preset",
          "ultrafast",
          "-profile:v",
          "baseline",
          "-pix_fmt",
          "yuv420p",
          "-g",
          "30",
        ],
        ...["-bsf:v", "dump_extra", "-c:a", "libopus", "-b:a", "48k", path.join(dir, "clip.mkv")],
      ],
      { stdio: "inherit" },
    );
    expect(made.status).toBe(0);
  }, 60_000);
  afterAll(async () => {
    for (const s of senders) if (s.exitCode === null) s.kill("SIGKILL");
    await rtmp?.stop();
    await new Promise((r) => store?.close(r));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes a stream: HLS uploaded, RTMP received, an unreachable output reported once; the stop ends the playlist", async () => {
    const service: StreamerServiceClient = {
      stream: async (id) => ({ id, room_id: "rm_x", state: over ? "ended" : "live", over }),
      uploadLinks: async (id, files) => ({
        uploads: files.map((f) => ({
          name: f.name,
          upload_url: `${storeUrl}/${id}/${f.name}`,
          content_type: "application/octet-stream",
        })),
      }),
      report: async (r) => {
        reports.push(r);
        return { accepted: true };
      },
    };
    const logs: string[] = [];
    const agent = streamerAgent({
      dir: path.join(dir, "work"),
      service,
      secret: SECRET,
      rtpHost: "127.0.0.1",
      portBase: 23_000,
      portCount: 100,
      log: (m, f) => logs.push(`${m} ${JSON.stringify(f ?? {})}`),
    });
    await new Promise<void>((r) => agent.server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(agent.server.address() as AddressInfo).port}`;
    const post = (p: string, body: unknown, secret = SECRET) =>
      fetch(`${base}${p}`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const outputs = [
      { kind: "hls" },
      { kind: "rtmp", url: rtmp.url, stream_key: KEY },
      { kind: "rtmp", url: "rtmp://127.0.0.1:1/live", stream_key: KEY },
    ];
    expect((await post("/streams", { stream_id: STREAM, outputs }, "wrong")).status).toBe(401);
    expect((await post("/streams", { stream_id: STREAM, outputs: [{ kind: "dash" }] })).status).toBe(422);
    const taken = await post("/streams", { stream_id: STREAM, outputs });
    expect(taken.status).toBe(200);
    const ports = (await taken.json()) as {
      host: string;
      outputs: { audio_port: number; video_port: number }[];
    };
    expect(ports.outputs).toHaveLength(3);
    // Asked again (a retried start): the same ports, no second ffmpeg.
    expect(await (await post("/streams", { stream_id: STREAM, outputs })).json()).toEqual(ports);

    // What the VideoRoom's rtp_forward does: RTP to each output's ports.
    for (const p of ports.outputs) {
      senders.push(
        spawn(
          "ffmpeg",
          [
            ...["-hide_banner", "-loglevel", "error", "-re", "-i", path.join(dir, "clip.mkv")],
            ...[
              "-map",
              "0:v",
              "-c",
              "copy",
              "-f",
              "rtp",
              "-payload_type",
              "96",
              `rtp://127.0.0.1:${p.video_port}`,
            ],
            ...[
              "-map",
              "0:a",
              "-c",
              "copy",
              "-f",
              "rtp",
              "-payload_type",
              "111",
              `rtp://127.0.0.1:${p.audio_port}`,
            ],
          ],
          { stdio: "ignore" },
        ),
      );
    }
    const passes = setInterval(() => void agent.pass(), 500);
    try {
      await until("stream.started", () => reports.some((r) => r.type === "stream.started"), 30_000);
      await until(
        "HLS segments and the playlist uploaded",
        () => [...stored.keys()].some((k) => k.endsWith(".ts")) && stored.has(`${STREAM}/index.m3u8`),
        30_000,
      );
      await until(
        "the unreachable output's failure",
        () => reports.some((r) => r.type === "stream.failed"),
        30_000,
      );
      // nginx has recorded a few seconds (a keyframe every 2 s) before the stop.
      await until(
        "nginx-rtmp recording the stream",
        () => fs.existsSync(rtmp.recordingOf(KEY)) && fs.statSync(rtmp.recordingOf(KEY)).size > 50_000,
        30_000,
      );
      // The forward stops before the agent hears of the stop (a room destroyed): no packets come,
      // and ffmpeg must still finish its outputs.
      for (const sender of senders) sender.kill("SIGKILL");
      over = true;
      await until("stream.ended", () => reports.some((r) => r.type === "stream.ended"), 30_000);
    } finally {
      clearInterval(passes);
    }
    const failed = reports.filter((r) => r.type === "stream.failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ stream_id: STREAM, output: 2 });
    expect(failed[0]?.reason).toBeTruthy();
    expect(JSON.stringify(reports) + logs.join("\n")).not.toContain(KEY);
    expect(reports.filter((r) => r.type === "stream.started")).toHaveLength(1);

    const playlist = stored.get(`${STREAM}/index.m3u8`)?.toString() ?? "";
    expect(playlist).toMatch(/^#EXTM3U/);
    expect(playlist).toContain("#EXT-X-ENDLIST");
    for (const seg of playlist.split("\n").filter((l) => l.endsWith(".ts"))) {
      expect(stored.has(`${STREAM}/${seg}`), seg).toBe(true);
    }

    const probe = spawnSync(
      "ffprobe",
      ["-v", "error", "-show_entries", "stream=codec_type,codec_name", "-of", "json", rtmp.recordingOf(KEY)],
      { encoding: "utf8" },
    );
    expect(probe.status, probe.stderr).toBe(0);
    const kinds = (JSON.parse(probe.stdout) as { streams: { codec_type: string; codec_name: string }[] })
      .streams;
    expect(kinds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codec_type: "video", codec_name: "h264" }),
        expect.objectContaining({ codec_type: "audio", codec_name: "aac" }),
      ]),
    );
    await new Promise((r) => agent.server.close(r));
  }, 120_000);
});
