import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import {
  type HttpsReceiver,
  type ReceivedRequest,
  startHttpsReceiver,
  testCertificate,
} from "../helpers/https-receiver";
import { type MediaGrant, ServiceApi } from "./harness/api";
import { fetchThrough, relayUnixToTcp } from "./harness/bridge";
import { joinFromPage, leaveFromPage, openClientPage } from "./harness/client-page";
import { startJanus } from "./harness/janus";
import { JANUS_PORTS, writeJanusConfig } from "./harness/janus-config";
import { pollUntil } from "./harness/poll";
import { isRunning, type Started, stopProcess } from "./harness/processes";
import { requireOrSkip } from "./harness/requirements";
import { startService } from "./harness/service";
import { LOG_DIR, startWorld, type World } from "./harness/world";

/**
 * Issue 35 item 6: recordings the media plane makes, with real media (docs/recordings.md). A page
 * publishes into a Janus room; recording is started and stopped through the API; the recording
 * agent (`npm run media:recorder`, run here inside the namespace beside Janus) converts, muxes,
 * uploads through its presigned PUT and reports; the webhook receiver gets recording.started,
 * completed and ready, signed; the downloaded file passes ffprobe. Then: the agent SIGKILLed during
 * an upload and restarted finishes the recording once; a corrupt .mjr ends in recording.failed.
 */

const SERVICE_PORT = 3000;
const RECEIVER_PORT = 8443;
const JANUS_HTTP = `http://127.0.0.1:${JANUS_PORTS.http}/janus`;
const ROOT = path.resolve(import.meta.dirname, "..", "..");

let world: World;
let api: ServiceApi;
let service: ReturnType<typeof fetchThrough>;
let receiver: HttpsReceiver;
let webhookSecret: string;
let browser: Browser;
let recordingsDir: string;
let objectsDir: string;
const tokenSecret = randomBytes(24).toString("hex");
const eventsSecret = randomBytes(24).toString("hex");
const recorderSecret = randomBytes(24).toString("hex");
let agent: Started | undefined;

/** The agent, inside the namespace beside Janus, as `npm run media:recorder` runs it (one process). */
function startAgent(opts: { uploadBytesPerSec?: number } = {}): Started {
  const proc = world.ns.spawn(
    "recorder",
    process.execPath,
    ["--import", "tsx", "scripts/media-recorder.mts"],
    {
      logFile: path.join(LOG_DIR, "recorder.log"),
      cwd: ROOT,
      group: true,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: process.env.HOME ?? "/root",
        NODE_ENV: "development",
        SVC_DATA_DIR: path.join(world.dir, "agent-data"),
        SVC_RECORDER_SERVICE_URL: `http://127.0.0.1:${SERVICE_PORT}`,
        SVC_RECORDER_SECRET: recorderSecret,
        JANUS_RECORDINGS_DIR: recordingsDir,
        SVC_RECORDER_POLL_MS: "300",
        ...(opts.uploadBytesPerSec ? { SVC_RECORDER_UPLOAD_RATE: String(opts.uploadBytesPerSec) } : {}),
      },
    },
  );
  world.onStop(() => stopProcess(proc));
  return proc;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  requireOrSkip(test.skip);
  world = await startWorld({ servicePort: SERVICE_PORT, receiverPort: RECEIVER_PORT });
  try {
    recordingsDir = path.join(world.dir, "recordings");
    objectsDir = path.join(world.dir, "data", "objects");
    receiver = await startHttpsReceiver();
    world.onStop(() => receiver.close());
    const relay = await relayUnixToTcp(world.sockets.receiver, receiver.port);
    world.onStop(() => relay.close());
    const configDir = path.join(world.dir, "janus");
    writeJanusConfig({
      dir: configDir,
      tokenSecret,
      eventsSecret,
      eventsUrl: `http://127.0.0.1:${SERVICE_PORT}/v1/internal/media/janus`,
    });
    const janus = await startJanus(
      world.ns,
      configDir,
      LOG_DIR,
      async () => (await world.janusFetch(`${JANUS_HTTP}/info`)).ok,
    );
    world.onStop(() => janus.stop());
    service = fetchThrough(world.sockets.service);
    world.onStop(() => service.close());
    const baseUrl = `http://127.0.0.1:${SERVICE_PORT}`;
    const running = await startService(world.ns, {
      port: SERVICE_PORT,
      logDir: LOG_DIR,
      env: {
        SVC_DATA_DIR: path.join(world.dir, "data"),
        SVC_SEED_ON_START: "always",
        SVC_DEPLOYMENT_MODE: "self_host",
        NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
        SVC_MEDIA_INGEST_SECRET: randomBytes(24).toString("hex"),
        SVC_MEDIA_PLANE: "janus",
        JANUS_URL: JANUS_HTTP,
        JANUS_PUBLIC_URL: `ws://127.0.0.1:${JANUS_PORTS.ws}`,
        JANUS_TOKEN_SECRET: tokenSecret,
        JANUS_EVENTS_SECRET: eventsSecret,
        JANUS_RECORDINGS_DIR: recordingsDir,
        SVC_RECORDER_SECRET: recorderSecret,
        SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
        SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.2,0.2,0.2,0.2,0.2,0.2",
      },
      ready: async () => (await service.fetch(`${baseUrl}/login`)).status === 200,
    });
    world.onStop(() => running.stop());
    api = new ServiceApi(service.fetch, baseUrl);
    await api.signIn("owner@acme.test", "demo-password");
    await api.createProjectKey();
    const hook = await api.registerWebhook(`https://localhost:${RECEIVER_PORT}/hook`, [
      "recording.started",
      "recording.completed",
      "recording.failed",
      "recording.ready",
    ]);
    webhookSecret = hook.secret ?? hook.signing_secret ?? "";
    browser = (await world.browser()).browser;
  } catch (err) {
    await world.stop();
    throw err;
  }
});

test.afterAll(async () => {
  await world?.stop();
});

function headersOf(r: ReceivedRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) out[k] = Array.isArray(v) ? v.join(", ") : (v ?? "");
  return out;
}

/** The recording's events, in arrival order, each verified with the Standard Webhooks library. */
function eventsOf(
  recordingId: string,
): { type: string; object: { state: string; duration_sec: number; size_bytes: number } }[] {
  const wh = new Webhook(webhookSecret);
  return receiver.requests.flatMap((r) => {
    const body = JSON.parse(r.rawBody) as {
      type: string;
      data: { object: { id?: string; state: string; duration_sec: number; size_bytes: number } };
    };
    if (body.data.object.id !== recordingId) return [];
    wh.verify(r.rawBody, headersOf(r));
    return [{ type: body.type, object: body.data.object }];
  });
}
const count = (id: string, type: string) => eventsOf(id).filter((e) => e.type === type).length;

function grantOf(minted: { media?: MediaGrant }): MediaGrant {
  if (!minted.media) throw new Error("the room token has no media field");
  return minted.media;
}

/** A page publishing into a new room, the room active. */
async function publishingRoom(name: string): Promise<{ roomId: string; page: Page }> {
  const room = await api.createRoom(name);
  const page = await openClientPage(browser, `${JANUS_HTTP}/info`, name);
  expect((await joinFromPage(page, grantOf(await api.mintToken(room.id, "ada")), "ada")).error).toBeNull();
  await pollUntil("the room to be active", 30_000, async () => (await api.room(room.id))?.state === "active");
  return { roomId: room.id, page };
}

const mediaFiles = (recordingId: string) => {
  const dir = path.join(recordingsDir, recordingId);
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => /\.mjr(\.tmp)?$/.test(f))
        .map((f) => path.join(dir, f))
    : [];
};

/** About five seconds of 640x480 video written (docs/janus-facts.md: ~300 KB per 5 s). */
async function waitForMedia(recordingId: string): Promise<void> {
  await pollUntil("about 5 s of recorded video", 90_000, () =>
    mediaFiles(recordingId).some((f) => f.includes("-video-") && fs.statSync(f).size > 200_000),
  );
}

interface Probe {
  streams: { codec_type: string; codec_name: string }[];
  format: { duration: string };
}

function ffprobe(file: string): Probe {
  const probe = spawnSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "stream=codec_type,codec_name:format=duration", "-of", "json", file],
    { encoding: "utf8" },
  );
  expect(probe.status, probe.stderr).toBe(0);
  return JSON.parse(probe.stdout) as Probe;
}

/**
 * Downloads the MP4 through the link and checks it with ffprobe (H.264 and AAC, the recorded
 * duration), then the HLS rendition: the playlist from the API, its media through its presigned
 * links, read back by ffprobe as HLS.
 */
async function checkDownload(recordingId: string, room: string): Promise<void> {
  const rec = eventsOf(recordingId).find((e) => e.type === "recording.completed")?.object;
  expect(rec, "recording.completed carries the recording").toBeDefined();
  const link = await api.downloadLink(recordingId);
  // docs/spec/product-decisions.md §8: `<room short code>-<started_at YYYYMMDD-HHmmss>.mp4`.
  expect(link.filename).toMatch(/^[a-z0-9-]+-\d{8}-\d{6}\.mp4$/);
  const res = await service.fetch(link.download_url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("video/mp4");
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.byteLength).toBe(rec?.size_bytes);
  const file = path.join(world.dir, `${room}.mp4`);
  fs.writeFileSync(file, bytes);
  const info = ffprobe(file);
  expect(info.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual([
    "audio:aac",
    "video:h264",
  ]);
  expect(Math.abs(Number(info.format.duration) - (rec?.duration_sec ?? -10))).toBeLessThanOrEqual(1);
  expect(rec?.duration_sec).toBeGreaterThanOrEqual(3);
  const ranged = await service.fetch(link.download_url, { headers: { range: "bytes=0-99" } });
  expect(ranged.status).toBe(206);
  expect(ranged.headers.get("content-range")).toBe(`bytes 0-99/${bytes.byteLength}`);
  expect((await ranged.arrayBuffer()).byteLength).toBe(100);

  // The HLS rendition (recording.ready came after it was stored).
  const playlist = await api.playlist(recordingId);
  expect(playlist).toMatch(/#EXT-X-PLAYLIST-TYPE:VOD/);
  expect(playlist).toMatch(/#EXT-X-ENDLIST/);
  const hlsDir = path.join(world.dir, `${room}-hls`);
  fs.mkdirSync(hlsDir, { recursive: true });
  const urls = new Map<string, string>();
  const local = playlist.replace(/https?:\/\/[^\s"]+/g, (url) => {
    const name = path.basename(new URL(url).pathname);
    urls.set(name, url);
    return name;
  });
  expect(urls.size).toBeGreaterThan(0);
  for (const [name, url] of urls) {
    const media = await service.fetch(url);
    expect(media.status, name).toBe(200);
    fs.writeFileSync(path.join(hlsDir, name), Buffer.from(await media.arrayBuffer()));
  }
  fs.writeFileSync(path.join(hlsDir, "index.m3u8"), local);
  const hls = ffprobe(path.join(hlsDir, "index.m3u8"));
  expect(hls.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
  expect(Math.abs(Number(hls.format.duration) - (rec?.duration_sec ?? -10))).toBeLessThanOrEqual(1);
}

test("a room recorded through the API becomes a playable MP4 and HLS: started, completed and ready, signed", async () => {
  agent = startAgent();
  const { roomId, page } = await publishingRoom("Recorded room");
  const rec = await api.startRecording(roomId);
  expect(rec.state).toBe("recording");
  expect(await api.status("POST", `/v1/workspace/rooms/${roomId}/recordings`)).toBe(409);
  await pollUntil("recording.started", 60_000, () => count(rec.id, "recording.started") === 1);
  await waitForMedia(rec.id);
  const stopped = await api.stopRecording(roomId, rec.id);
  expect(stopped.id).toBe(rec.id);
  expect(await api.status("POST", `/v1/workspace/rooms/${roomId}/recordings/${rec.id}/stop`)).toBe(409);
  await pollUntil(
    "recording.completed and recording.ready",
    120_000,
    () => count(rec.id, "recording.ready") === 1,
  );
  expect(eventsOf(rec.id).map((e) => e.type)).toEqual([
    "recording.started",
    "recording.completed",
    "recording.ready",
  ]);
  await checkDownload(rec.id, "first");
  expect(fs.existsSync(path.join(recordingsDir, rec.id)), "the agent removes what it stored").toBe(false);
  await leaveFromPage(page);
  await page.context().close();
});

test("the agent killed during an upload and restarted finishes the recording once", async () => {
  if (agent) await stopProcess(agent);
  // A slow uplink (SVC_RECORDER_UPLOAD_RATE) keeps the upload going long enough to kill it.
  agent = startAgent({ uploadBytesPerSec: 16_384 });
  const { roomId, page } = await publishingRoom("Killed agent");
  const rec = await api.startRecording(roomId);
  await waitForMedia(rec.id);
  await api.stopRecording(roomId, rec.id);
  const partial = path.join(objectsDir, "svc-recordings", "recordings");
  await pollUntil(
    "the upload to be under way",
    120_000,
    () =>
      fs.existsSync(partial) &&
      fs
        .readdirSync(partial, { recursive: true, encoding: "utf8" })
        .some((f) => f.includes(`${rec.id}/recording.mp4.`) && f.endsWith(".upload")),
  );
  process.kill(-agent.pid, "SIGKILL");
  await pollUntil("the agent to be gone", 10_000, () => !isRunning(agent as Started));
  expect(count(rec.id, "recording.completed")).toBe(0);
  agent = startAgent();
  await pollUntil("recording.ready after the restart", 120_000, () => count(rec.id, "recording.ready") === 1);
  expect(count(rec.id, "recording.completed")).toBe(1);
  expect(count(rec.id, "recording.started")).toBe(1);
  await checkDownload(rec.id, "restarted");
  await leaveFromPage(page);
  await page.context().close();
});

test("a corrupt .mjr ends in recording.failed with the reason", async () => {
  if (agent) await stopProcess(agent);
  const { roomId, page } = await publishingRoom("Corrupt recording");
  const rec = await api.startRecording(roomId);
  await waitForMedia(rec.id);
  await api.stopRecording(roomId, rec.id);
  await pollUntil("Janus to close the files", 30_000, () => {
    const files = mediaFiles(rec.id);
    return files.length > 0 && files.every((f) => f.endsWith(".mjr"));
  });
  for (const f of mediaFiles(rec.id)) fs.writeFileSync(f, randomBytes(4096));
  agent = startAgent();
  await pollUntil("recording.failed", 60_000, () => count(rec.id, "recording.failed") === 1);
  expect(count(rec.id, "recording.completed")).toBe(0);
  expect(eventsOf(rec.id).find((e) => e.type === "recording.failed")?.object.state).toBe("failed");
  expect(fs.existsSync(path.join(recordingsDir, ".failed", rec.id)), "kept for a person to look at").toBe(
    true,
  );
  await leaveFromPage(page);
  await page.context().close();
});
