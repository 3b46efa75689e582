import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "playwright-core";
import { turnPassword } from "@/lib/media/turn-credentials";
import { type MediaGrant, ServiceApi } from "./harness/api";
import { fetchThrough } from "./harness/bridge";
import { joinFromPage, openClientPage } from "./harness/client-page";
import { startJanus } from "./harness/janus";
import { JANUS_PORTS, writeJanusConfig } from "./harness/janus-config";
import { MEDIA_ADDRESS } from "./harness/namespace";
import { expectVideoAdvancing } from "./harness/page-checks";
import { pollUntil } from "./harness/poll";
import { stopProcess } from "./harness/processes";
import { requireOrSkip } from "./harness/requirements";
import { startService } from "./harness/service";
import { LOG_DIR, startWorld, type World } from "./harness/world";

/**
 * Issue 45 item 3, TURN with real media (docs/turn.md, docs/decisions/1248): coturn runs inside the
 * namespace with `use-auth-secret`; two pages that may use relays only (`iceTransportPolicy:
 * "relay"`) join a room with the credentials of their room-token answers, and the subscriber's
 * selected candidate pair is a relay one; Chromium itself is refused a relay with an expired
 * credential (TURN's 401) and granted one with the answer's.
 */

const SERVICE_PORT = 3000;
const TURN_PORT = 3478;
const JANUS_HTTP = `http://127.0.0.1:${JANUS_PORTS.http}/janus`;
const turnSecret = randomBytes(24).toString("hex");
const tokenSecret = randomBytes(24).toString("hex");
const eventsSecret = randomBytes(24).toString("hex");
const baseUrl = `http://127.0.0.1:${SERVICE_PORT}`;

let world: World;
let api: ServiceApi;
let browser: Browser;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  requireOrSkip(test.skip);
  world = await startWorld({ servicePort: SERVICE_PORT, receiverPort: 8443 });
  try {
    const coturn = world.ns.spawn(
      "coturn",
      "turnserver",
      [
        ...[
          "-n",
          `--listening-ip=${MEDIA_ADDRESS}`,
          `--relay-ip=${MEDIA_ADDRESS}`,
          `--listening-port=${TURN_PORT}`,
        ],
        ...[
          "--min-port=49200",
          "--max-port=49400",
          "--use-auth-secret",
          `--static-auth-secret=${turnSecret}`,
        ],
        ...[
          "--realm=svc.test",
          "--no-tls",
          "--no-dtls",
          "--no-cli",
          "--allow-loopback-peers",
          "--log-file=stdout",
        ],
      ],
      { logFile: path.join(LOG_DIR, "coturn.log") },
    );
    world.onStop(() => stopProcess(coturn));
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
        SVC_TURN_URLS: `turn:${MEDIA_ADDRESS}:${TURN_PORT}?transport=udp`,
        SVC_TURN_SECRET: turnSecret,
      },
      ready: async () => (await service.fetch(`${baseUrl}/login`)).status === 200,
    });
    world.onStop(() => running.stop());
    api = new ServiceApi(service.fetch, baseUrl);
    await api.signIn("owner@acme.test", "demo-password");
    await api.createProjectKey();
    browser = (await world.browser()).browser;
  } catch (err) {
    await world.stop();
    throw err;
  }
});

test.afterAll(async () => {
  await world?.stop();
});

/** What Chromium gathers with only this TURN server allowed: relay candidates, and TURN's errors. */
function gatherRelay(page: Page, server: RTCIceServer) {
  return page.evaluate(async (ice) => {
    const pc = new RTCPeerConnection({ iceServers: [ice], iceTransportPolicy: "relay" });
    const relays: string[] = [];
    const errors: number[] = [];
    pc.onicecandidateerror = (e) => errors.push((e as RTCPeerConnectionIceErrorEvent).errorCode);
    const done = new Promise<void>((resolve) => {
      pc.onicegatheringstatechange = () => {
        if (pc.iceGatheringState === "complete") resolve();
      };
    });
    pc.onicecandidate = (e) => {
      if (e.candidate?.type === "relay") relays.push(e.candidate.address ?? "");
    };
    pc.createDataChannel("probe");
    await pc.setLocalDescription(await pc.createOffer());
    await done;
    pc.close();
    return { relays, errors };
  }, server);
}

/** The local candidate type of each connected transport's selected pair. */
function selectedTypes(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __svcPeerConnections: RTCPeerConnection[] }).__svcPeerConnections;
    const types: string[] = [];
    for (const pc of pcs) {
      const stats = await pc.getStats();
      stats.forEach((s) => {
        if (s.type !== "transport" || !s.selectedCandidatePairId) return;
        const pair = stats.get(s.selectedCandidatePairId);
        const local = pair ? stats.get(pair.localCandidateId) : undefined;
        if (local) types.push(local.candidateType);
      });
    }
    return types;
  });
}

test("pages limited to relays join through coturn with the token answer's credentials; an expired one is refused", async () => {
  const room = await api.createRoom("Behind a firewall");
  const grantOf = async (identity: string): Promise<MediaGrant> => {
    const minted = await api.mintToken(room.id, identity);
    const media = minted.media as (MediaGrant & { ice_servers?: RTCIceServer[] }) | undefined;
    if (!media) throw new Error("no media credential");
    expect(media.ice_servers?.[0]?.urls).toEqual([`turn:${MEDIA_ADDRESS}:${TURN_PORT}?transport=udp`]);
    return { ...media, iceTransportPolicy: "relay" };
  };
  const ada = await grantOf("ada");
  const bob = await grantOf("bob");

  const a = await openClientPage(browser, `${JANUS_HTTP}/info`, "ada");
  // Chromium's own TURN client: the answer's credential is granted a relay, an expired one is not.
  const fresh = ada.ice_servers?.[0];
  if (!fresh) throw new Error("no TURN server in the answer");
  const granted = await gatherRelay(a, fresh);
  expect(granted.relays.length).toBeGreaterThan(0);
  const expiredUser = `${Math.floor(Date.now() / 1000) - 60}:ada`;
  const refused = await gatherRelay(a, {
    urls: fresh.urls,
    username: expiredUser,
    credential: turnPassword(turnSecret, expiredUser),
  });
  expect(refused.relays).toEqual([]);
  expect(refused.errors).toContain(401);

  expect((await joinFromPage(a, ada, "ada")).error).toBeNull();
  const b = await openClientPage(browser, `${JANUS_HTTP}/info`, "bob");
  expect((await joinFromPage(b, bob, "bob")).error).toBeNull();
  await expectVideoAdvancing(b, 'video[data-remote="ada"]', 60_000);
  const types = await pollUntil("selected candidate pairs", 30_000, async () => {
    const t = await selectedTypes(b);
    return t.length > 0 ? t : false;
  });
  expect(new Set(types)).toEqual(new Set(["relay"]));
  await a.context().close();
  await b.context().close();
});
