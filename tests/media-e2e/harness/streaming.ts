import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Browser } from "playwright-core";
import { Webhook } from "standardwebhooks";
import {
  type HttpsReceiver,
  type ReceivedRequest,
  startHttpsReceiver,
  testCertificate,
} from "../../helpers/https-receiver";
import { type RtmpServer, startRtmpServer } from "../../helpers/rtmp-server";
import { ServiceApi } from "./api";
import { fetchThrough, relayUnixToTcp } from "./bridge";
import { startJanus } from "./janus";
import { JANUS_PORTS, writeJanusConfig } from "./janus-config";
import { isRunning, stopProcess } from "./processes";
import { startService } from "./service";
import { LOG_DIR, startWorld, type World } from "./world";

/**
 * What every live-stream test with real media needs (docs/streaming.md, docs/media-plane-testing.md):
 * the world (namespace, bridge, Chromium), Janus, the service with the streamer agent configured,
 * the agent itself (`npm run media:streamer`), a webhook receiver subscribed to `stream.*` (each
 * event verified with the Standard Webhooks library), the seeded owner signed in, and optionally a
 * local nginx-rtmp. Everything is stopped by `world.stop()`.
 */

export const SERVICE_PORT = 3000;
const RECEIVER_PORT = 8443;
const STREAMER_PORT = 8090;
const RTMP_PORT = 1935;
export const JANUS_HTTP = `http://127.0.0.1:${JANUS_PORTS.http}/janus`;
const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
export const STREAMER_LOG = path.join(LOG_DIR, "streamer.log");
export const OWNER = { email: "owner@acme.test", password: "demo-password" };

export interface StreamEvent {
  type: string;
  object: { state: string; outputs: { state: string }[] };
}

export interface StreamingWorld {
  world: World;
  api: ServiceApi;
  baseUrl: string;
  /** fetch() to the service inside the namespace. */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  receiver: HttpsReceiver;
  rtmp: RtmpServer | undefined;
  browser: Browser;
  /** A call as the signed-in owner (Bearer session). */
  asOwner<T>(method: string, p: string, body?: unknown): Promise<{ status: number; body: T; text: string }>;
  /** The stream's events in arrival order, each verified (a bad signature throws). */
  eventsOf(streamId: string): StreamEvent[];
}

function headersOf(r: ReceivedRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) out[k] = Array.isArray(v) ? v.join(", ") : (v ?? "");
  return out;
}

export async function startStreamingWorld(opts: { rtmp?: boolean } = {}): Promise<StreamingWorld> {
  const tokenSecret = randomBytes(24).toString("hex");
  const eventsSecret = randomBytes(24).toString("hex");
  const agentSecret = randomBytes(24).toString("hex");
  const baseUrl = `http://127.0.0.1:${SERVICE_PORT}`;
  const world = await startWorld({ servicePort: SERVICE_PORT, receiverPort: RECEIVER_PORT });
  try {
    const receiver = await startHttpsReceiver();
    world.onStop(() => receiver.close());
    const relay = await relayUnixToTcp(world.sockets.receiver, receiver.port);
    world.onStop(() => relay.close());
    let rtmp: RtmpServer | undefined;
    if (opts.rtmp) {
      const server = await startRtmpServer({
        port: RTMP_PORT,
        spawner: (command, args) => {
          const p = world.ns.spawn("nginx-rtmp", command, args, {
            logFile: path.join(LOG_DIR, "nginx-rtmp.log"),
          });
          return { exited: () => !isRunning(p), stop: () => stopProcess(p) };
        },
      });
      world.onStop(() => server.stop());
      rtmp = server;
    }
    const configDir = path.join(world.dir, "janus");
    writeJanusConfig({
      dir: configDir,
      tokenSecret,
      eventsSecret,
      eventsUrl: `${baseUrl}/v1/internal/media/janus`,
    });
    const janus = await startJanus(
      world.ns,
      configDir,
      LOG_DIR,
      async () => (await world.janusFetch(`${JANUS_HTTP}/info`)).ok,
    );
    world.onStop(() => janus.stop());
    const service = fetchThrough(world.sockets.service);
    world.onStop(() => service.close());
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
        JANUS_STREAMER_URL: `http://127.0.0.1:${STREAMER_PORT}`,
        SVC_RECORDER_SECRET: agentSecret,
        SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
        SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.2,0.2,0.2,0.2,0.2,0.2",
      },
      ready: async () => (await service.fetch(`${baseUrl}/login`)).status === 200,
    });
    world.onStop(() => running.stop());
    const streamer = world.ns.spawn(
      "streamer",
      process.execPath,
      ["--import", "tsx", "scripts/media-streamer.mts"],
      {
        logFile: STREAMER_LOG,
        cwd: ROOT,
        group: true,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: process.env.HOME ?? "/root",
          NODE_ENV: "development",
          SVC_DATA_DIR: path.join(world.dir, "streamer-data"),
          SVC_RECORDER_SERVICE_URL: baseUrl,
          SVC_RECORDER_SECRET: agentSecret,
          SVC_STREAMER_LISTEN: `127.0.0.1:${STREAMER_PORT}`,
          SVC_STREAMER_RTP_HOST: "127.0.0.1",
          SVC_STREAMER_DIR: path.join(world.dir, "streamer"),
        },
      },
    );
    world.onStop(() => stopProcess(streamer));
    const api = new ServiceApi(service.fetch, baseUrl);
    await api.signIn(OWNER.email, OWNER.password);
    const session = (api as unknown as { session: string }).session;
    await api.createProjectKey();
    const hook = await api.registerWebhook(`https://localhost:${RECEIVER_PORT}/hook`, [
      "stream.started",
      "stream.ended",
      "stream.failed",
    ]);
    const webhookSecret = hook.secret ?? hook.signing_secret ?? "";
    const browser = (await world.browser()).browser;

    return {
      world,
      api,
      baseUrl,
      fetch: service.fetch,
      receiver,
      rtmp,
      browser,
      async asOwner<T>(method: string, p: string, body?: unknown) {
        const res = await service.fetch(`${baseUrl}${p}`, {
          method,
          headers: {
            authorization: `Bearer ${session}`,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return {
          status: res.status,
          body: (text?.startsWith("{") ? JSON.parse(text) : undefined) as T,
          text,
        };
      },
      eventsOf(streamId) {
        const wh = new Webhook(webhookSecret);
        return receiver.requests.flatMap((r) => {
          const body = JSON.parse(r.rawBody) as {
            type: string;
            data: { object: { id?: string; state: string; outputs: { state: string }[] } };
          };
          if (body.data.object.id !== streamId) return [];
          wh.verify(r.rawBody, headersOf(r));
          return [{ type: body.type, object: body.data.object }];
        });
      },
    };
  } catch (err) {
    await world.stop();
    throw err;
  }
}
