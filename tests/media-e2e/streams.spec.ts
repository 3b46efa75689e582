import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import type { MediaGrant } from "./harness/api";
import { joinFromPage, leaveFromPage, openClientPage } from "./harness/client-page";
import { pollUntil } from "./harness/poll";
import { requireOrSkip } from "./harness/requirements";
import { JANUS_HTTP, STREAMER_LOG, type StreamingWorld, startStreamingWorld } from "./harness/streaming";

/**
 * Issue 45, live streams with real media (docs/streaming.md): a Chromium page broadcasts into a
 * `live` room on Janus; a stream is started through the API with an HLS output and an RTMP output
 * to a local nginx-rtmp (both inside the namespace), and a second RTMP output to a closed port; the
 * streamer agent (`npm run media:streamer`, beside Janus) takes the VideoRoom's RTP forward. A
 * second Chromium page on the room's share link plays the HLS with hls.js (frames advancing);
 * `stream.started`, `stream.failed` (the closed port, once) and `stream.ended` arrive signed;
 * ffprobe reads what nginx received; the stopped stream's playlist ends with #EXT-X-ENDLIST.
 * Measured (reported, not asserted): glass to glass of the HLS picture, and ffmpeg's CPU seconds
 * per minute of stream per output.
 */

const KEY = `key_${randomBytes(6).toString("hex")}`;

let sw: StreamingWorld;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  requireOrSkip(test.skip);
  sw = await startStreamingWorld({ rtmp: true });
});

test.afterAll(async () => {
  await sw?.world.stop();
});

const rtmp = () => {
  if (!sw.rtmp) throw new Error("no nginx-rtmp");
  return sw.rtmp;
};

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

test("a live room streams to HLS viewers on its share link and to RTMP; started, failed and ended arrive signed", async () => {
  const room = await sw.api.createRoom("Live show", "live");
  const publisher = await openClientPage(sw.browser, `${JANUS_HTTP}/info`, "broadcaster");
  const minted = await sw.api.mintToken(room.id, "host", { role: "broadcaster" });
  if (!minted.media) throw new Error("no media credential");
  expect((await joinFromPage(publisher, minted.media as MediaGrant, "host")).error).toBeNull();
  await pollUntil(
    "the room to be active",
    30_000,
    async () => (await sw.api.room(room.id))?.state === "active",
  );

  const bad = await sw.asOwner("POST", `/v1/workspace/rooms/${room.id}/streams`, {
    outputs: [{ kind: "dash" }],
  });
  expect(bad.status).toBe(422);
  type Stream = {
    id: string;
    state: string;
    outputs: { kind: string; state: string; failure_reason: string | null }[];
  };
  // Janus may need a moment after the join to list the publisher (its `publisher: true`).
  let started: { status: number; body: Stream; text: string } | undefined;
  await pollUntil("the stream to start", 30_000, async () => {
    started = await sw.asOwner<Stream>("POST", `/v1/workspace/rooms/${room.id}/streams`, {
      outputs: [
        { kind: "hls" },
        { kind: "rtmp", url: rtmp().url, stream_key: KEY },
        { kind: "rtmp", url: "rtmp://127.0.0.1:1/live", stream_key: KEY },
      ],
    });
    return started.status === 201;
  });
  const stream = started?.body;
  if (!stream) throw new Error(`not started: ${started?.text}`);
  expect(started?.text).not.toContain(KEY);
  await pollUntil("stream.started", 60_000, () =>
    sw.eventsOf(stream.id).some((e) => e.type === "stream.started"),
  );
  await pollUntil("stream.failed for the closed port", 60_000, () =>
    sw.eventsOf(stream.id).some((e) => e.type === "stream.failed"),
  );

  // A viewer on the share link: hls.js plays the stream (frames advance).
  const viewerContext = await sw.browser.newContext();
  const viewer = await viewerContext.newPage();
  const said: string[] = [];
  viewer.on("console", (m) => said.push(`${m.type()}: ${m.text()}`));
  viewer.on("pageerror", (e) => said.push(`pageerror: ${e.message}`));
  await pollUntil("the live playlist", 60_000, async () => {
    const res = await sw.fetch(`${sw.baseUrl}/v1/join/${room.short_code}/stream.m3u8`);
    const text = await res.text();
    return res.status === 200 && text.includes(".ts");
  });
  await viewer.goto(`${sw.baseUrl}/r/${room.short_code}`);
  await expect(viewer.getByTestId("live-stream")).toBeVisible();
  const frames = () =>
    viewer.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="live-stream-video"]');
      return v?.getVideoPlaybackQuality().totalVideoFrames ?? 0;
    });
  await pollUntil("the viewer to show frames", 60_000, async () => (await frames()) > 10).catch(
    async (err) => {
      const video = await viewer.evaluate(() => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="live-stream-video"]');
        const box = document.querySelector<HTMLElement>('[data-testid="live-stream"]');
        return {
          state: box?.dataset.state,
          ready: v?.readyState,
          paused: v?.paused,
          t: v?.currentTime,
          src: v?.src,
          error: v?.error?.message,
        };
      });
      throw new Error(`${String(err)}: ${JSON.stringify(video)}\n${said.join("\n")}`);
    },
  );
  const before = await frames();
  await pollUntil("frames to keep advancing", 30_000, async () => (await frames()) > before + 30);

  // Glass to glass: capture time of the picture shown (#EXT-X-PROGRAM-DATE-TIME) against now.
  const lags: number[] = [];
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const lag = await viewer.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="live-stream-video"]');
      const at = Number(v?.dataset.playingDate ?? 0);
      return at > 0 ? Date.now() - at : null;
    });
    if (lag !== null) lags.push(lag);
    await viewer.waitForTimeout(500);
  }

  // nginx records what it receives while the stream runs.
  await pollUntil("nginx-rtmp to record", 60_000, () => {
    const f = rtmp().recordingOf(KEY);
    return fs.existsSync(f) && fs.statSync(f).size > 100_000;
  });
  const stopped = await sw.asOwner<Stream>(
    "POST",
    `/v1/workspace/rooms/${room.id}/streams/${stream.id}/stop`,
  );
  expect(stopped.status, stopped.text).toBe(200);
  expect(stopped.body.state).toBe("ended");
  expect((await sw.asOwner("POST", `/v1/workspace/rooms/${room.id}/streams/${stream.id}/stop`)).status).toBe(
    409,
  );
  await pollUntil("stream.ended", 30_000, () =>
    sw.eventsOf(stream.id).some((e) => e.type === "stream.ended"),
  );
  await pollUntil("the final playlist (#EXT-X-ENDLIST)", 30_000, async () => {
    const res = await sw.fetch(`${sw.baseUrl}/v1/join/${room.short_code}/stream.m3u8`);
    return (await res.text()).includes("#EXT-X-ENDLIST");
  });
  // The closed port fails when ffmpeg opens it, which may come just before or after the start.
  const types = sw.eventsOf(stream.id).map((e) => e.type);
  expect([...types].sort()).toEqual(["stream.ended", "stream.failed", "stream.started"]);
  expect(types.at(-1)).toBe("stream.ended");
  const failed = sw.eventsOf(stream.id).find((e) => e.type === "stream.failed");
  expect(["live", "starting"]).toContain(failed?.object.state);
  expect(failed?.object.outputs.map((o) => o.state)).toContain("failed");
  expect(JSON.stringify(sw.receiver.requests.map((r) => r.rawBody))).not.toContain(KEY);

  // What nginx received: H.264 and AAC.
  await pollUntil("the agent to finish", 30_000, () =>
    fs.readFileSync(STREAMER_LOG, "utf8").includes(`"stream finished","stream_id":"${stream.id}"`),
  );
  const probe = spawnSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "stream=codec_type,codec_name", "-of", "json", rtmp().recordingOf(KEY)],
    { encoding: "utf8" },
  );
  expect(probe.status, probe.stderr).toBe(0);
  const kinds = (JSON.parse(probe.stdout) as { streams: { codec_type: string; codec_name: string }[] })
    .streams;
  expect(kinds.map((k) => `${k.codec_type}:${k.codec_name}`).sort()).toEqual(["audio:aac", "video:h264"]);
  expect(fs.readFileSync(STREAMER_LOG, "utf8")).not.toContain(KEY);

  // Measurements (reported, not asserted).
  const finish = fs
    .readFileSync(STREAMER_LOG, "utf8")
    .split("\n")
    .filter((l) => l.includes(`"stream finished","stream_id":"${stream.id}"`))
    .map((l) => JSON.parse(l) as { seconds: number; cpu_seconds: { kind: string; cpu: number | null }[] })[0];
  const minutes = Math.max(1 / 60, (finish?.seconds ?? 0) / 60);
  const report = {
    hls_glass_to_glass_ms: { samples: lags.length, p50: percentile(lags, 50), max: Math.max(...lags) },
    stream_seconds: finish?.seconds,
    cpu_seconds_per_minute: finish?.cpu_seconds.map((c) => ({
      kind: c.kind,
      per_minute: c.cpu === null ? null : Number((c.cpu / minutes).toFixed(2)),
    })),
  };
  test.info().annotations.push({ type: "stream measurements", description: JSON.stringify(report) });
  process.stdout.write(`[media-e2e] ${JSON.stringify(report)}\n`);

  await viewerContext.close();
  await leaveFromPage(publisher);
  await publisher.context().close();
});
