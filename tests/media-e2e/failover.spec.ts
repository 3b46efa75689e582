import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { nodeEventsSecret } from "@/lib/media/janus/credential";
import { type HttpsReceiver, startHttpsReceiver, testCertificate } from "../helpers/https-receiver";
import { type MediaGrant, ServiceApi } from "./harness/api";
import { fetchThrough, relayUnixToTcp } from "./harness/bridge";
import { joinFromPage, leaveFromPage, openClientPage } from "./harness/client-page";
import { type RunningJanus, startJanus } from "./harness/janus";
import { JANUS_PORTS, writeJanusConfig } from "./harness/janus-config";
import { expectVideoAdvancing, RECORD_PEER_CONNECTIONS } from "./harness/page-checks";
import { pollUntil } from "./harness/poll";
import { requireOrSkip } from "./harness/requirements";
import { startService } from "./harness/service";
import { LOG_DIR, startWorld, type World } from "./harness/world";

/**
 * Issue 42 item 4, failover with real media (docs/decisions/1202): two Janus nodes in the
 * namespace, a room with two pages in it (a guest through the share link, a host with an
 * API-minted token). The room's node is SIGKILLed: both participants leave, with their
 * `participant.left`, while the node is still dead (the watch job's probes, not its return); the
 * room stays joinable within SVC_MEDIA_FAILOVER_GRACE_SEC; the share-link page says the connection
 * was lost, and its "Join again" places it on the healthy node, where the host's new token lands
 * too and media flows again. Nothing ends the room until its people leave.
 */

const SERVICE_PORT = 3000;
const RECEIVER_PORT = 8443;
const NODES = [
  { http: JANUS_PORTS.http, ws: JANUS_PORTS.ws, rtp: "20000-20099", name: "failover-a" },
  { http: 8089, ws: 8189, rtp: "20100-20199", name: "failover-b" },
] as const;
const janusUrl = (http: number) => `http://127.0.0.1:${http}/janus`;
const publicUrl = (ws: number) => `ws://127.0.0.1:${ws}`;

let world: World;
let api: ServiceApi;
let receiver: HttpsReceiver;
let webhookSecret = "";
let browser: Browser;
const janus: RunningJanus[] = [];
const tokenSecret = randomBytes(24).toString("hex");
const eventsSecret = randomBytes(24).toString("hex");

test.beforeAll(async () => {
  test.setTimeout(300_000);
  requireOrSkip(test.skip);
  world = await startWorld({
    servicePort: SERVICE_PORT,
    receiverPort: RECEIVER_PORT,
    extraJanusPorts: [NODES[1].http],
  });
  try {
    receiver = await startHttpsReceiver();
    world.onStop(() => receiver.close());
    const relay = await relayUnixToTcp(world.sockets.receiver, receiver.port);
    world.onStop(() => relay.close());

    for (const n of NODES) {
      const dir = path.join(world.dir, n.name);
      // Each node posts with its own events credential (docs/decisions/1215), as media:janus writes it.
      writeJanusConfig({
        dir,
        tokenSecret,
        eventsSecret: nodeEventsSecret(eventsSecret, janusUrl(n.http)),
        eventsUrl: `http://127.0.0.1:${SERVICE_PORT}/v1/internal/media/janus`,
        ports: { http: n.http, ws: n.ws },
        rtpPortRange: n.rtp,
        serverName: n.name,
      });
      const fetchJanus = world.janusFetchAt(n.http);
      const running = await startJanus(
        world.ns,
        dir,
        LOG_DIR,
        async () => (await fetchJanus(`${janusUrl(n.http)}/info`)).ok,
        `${n.name}.log`,
      );
      janus.push(running);
      world.onStop(() => running.stop());
    }

    const service = fetchThrough(world.sockets.service);
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
        JANUS_URL: NODES.map((n) => janusUrl(n.http)).join(","),
        JANUS_PUBLIC_URL: NODES.map((n) => publicUrl(n.ws)).join(","),
        JANUS_TOKEN_SECRET: tokenSecret,
        JANUS_EVENTS_SECRET: eventsSecret,
        // The default, said out loud: the test must finish well inside it.
        SVC_MEDIA_FAILOVER_GRACE_SEC: "120",
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
      "participant.left",
      "room.ended",
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

/** Deliveries about one room, each verified with the official Standard Webhooks library. */
function eventsFor(roomId: string): { type: string; identity?: string }[] {
  const wh = new Webhook(webhookSecret);
  return receiver.requests.flatMap((r) => {
    const body = JSON.parse(r.rawBody) as {
      type: string;
      data: { object: { id?: string; room_id?: string; identity?: string } };
    };
    if ((body.data.object.room_id ?? body.data.object.id) !== roomId) return [];
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers)) headers[k] = Array.isArray(v) ? v.join(", ") : (v ?? "");
    wh.verify(r.rawBody, headers);
    return [{ type: body.type, identity: body.data.object.identity }];
  });
}

function grantOf(minted: { media?: MediaGrant }): MediaGrant {
  if (!minted.media)
    throw new Error("the room token has no media field: is SVC_MEDIA_PLANE=janus in effect?");
  return minted.media;
}

/** The node a grant points at (its index in NODES), from the public URL the token carries. */
function nodeOf(grant: MediaGrant): number {
  const i = NODES.findIndex((n) => grant.url.startsWith(publicUrl(n.ws)));
  if (i < 0) throw new Error(`the grant names no known node: ${grant.url}`);
  return i;
}

/** Joins through the share link's form and returns the grant the page was given. */
async function joinByLink(page: Page, name: string): Promise<MediaGrant> {
  await page.getByLabel("Your name").fill(name);
  const answer = page.waitForResponse(
    (r) => r.url().includes("/v1/join/") && r.request().method() === "POST" && r.status() === 200,
  );
  await page.getByTestId("join-submit").click();
  const grant = grantOf((await (await answer).json()) as { media?: MediaGrant });
  await expect(page.getByTestId("in-room")).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  return grant;
}

test("a node killed under a room: its people leave at once, the room waits, and join again lands on the healthy node", async () => {
  const room = await api.createRoom("Media e2e: failover");
  const hostGrant = grantOf(await api.mintToken(room.id, "host"));
  const lost = nodeOf(hostGrant);
  const healthy = lost === 0 ? 1 : 0;
  const healthyNode = NODES[healthy];
  const lostJanus = janus[lost];
  if (!healthyNode || !lostJanus) throw new Error("two nodes were started");
  // The bare client page is hosted by the node that survives (it must outlive the kill).
  const hostPage = `${janusUrl(healthyNode.http)}/info`;

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(RECORD_PEER_CONNECTIONS);
  const guest = await context.newPage();
  await guest.goto(`${api.baseUrl}/r/${room.short_code}`);
  await expect(guest.getByTestId("join-form")).toBeVisible();
  const first = await joinByLink(guest, "Guest Grace");
  expect(nodeOf(first), "the guest joins the node the room is placed on").toBe(lost);
  const host = await openClientPage(browser, hostPage, "Host");
  expect((await joinFromPage(host, hostGrant, "Hosting Hana")).error).toBeNull();
  expect(await expectVideoAdvancing(guest, '[data-testid="remote-video"]')).toBeGreaterThan(0);
  await pollUntil("the room active with both present", 30_000, async () => {
    const r = await api.room(room.id);
    return r?.state === "active" && r.active_participants === 2;
  });
  expect(eventsFor(room.id)).toEqual([]);

  // The node dies outright: no goodbye, no events.
  process.kill(lostJanus.process.pid, "SIGKILL");
  await pollUntil(
    "the node's process to be gone",
    10_000,
    async () => lostJanus.process.child.exitCode !== null || lostJanus.process.child.signalCode !== null,
  );

  // Both leave with their events while the node is still dead; the room does not end.
  const lefts = await pollUntil("a participant.left for each of the two", 30_000, () => {
    const got = eventsFor(room.id).filter((e) => e.type === "participant.left");
    return got.length >= 2 ? got : false;
  });
  expect(lefts.map((e) => e.identity)).toContain("host");
  expect(lefts).toHaveLength(2);
  const after = await api.room(room.id);
  expect(after?.state).toBe("active");
  expect(after?.active_participants).toBe(0);
  expect(eventsFor(room.id).some((e) => e.type === "room.ended")).toBe(false);

  // The page knew: it says the connection was lost and offers to join again.
  await expect(guest.getByTestId("room-exit")).toHaveAttribute("data-reason", "lost", { timeout: 30_000 });
  await guest.getByRole("button", { name: "Join again" }).click();
  const again = await joinByLink(guest, "Guest Grace");
  expect(nodeOf(again), "join again places the room on the healthy node").toBe(healthy);

  // The host's next token lands there too, and media flows through the healthy node.
  const hostAgain = grantOf(await api.mintToken(room.id, "host"));
  expect(nodeOf(hostAgain)).toBe(healthy);
  const host2 = await openClientPage(browser, hostPage, "Host again");
  expect((await joinFromPage(host2, hostAgain, "Hosting Hana")).error).toBeNull();
  expect(await expectVideoAdvancing(guest, '[data-testid="remote-video"]')).toBeGreaterThan(0);
  await pollUntil("the room active with both present again", 30_000, async () => {
    const r = await api.room(room.id);
    return r?.state === "active" && r.active_participants === 2;
  });
  expect(eventsFor(room.id).some((e) => e.type === "room.ended")).toBe(false);

  // When they leave, the room ends as any room does: their leaves and room.ended once.
  await leaveFromPage(host2);
  await guest.getByTestId("leave").click();
  await pollUntil("the room ended", 30_000, async () => (await api.room(room.id))?.state === "ended");
  const all = await pollUntil("four participant.left and one room.ended", 30_000, () => {
    const got = eventsFor(room.id);
    return got.filter((e) => e.type === "participant.left").length >= 4 &&
      got.some((e) => e.type === "room.ended")
      ? got
      : false;
  });
  // Exactly once, failover included; the order of events is proven by tests/media-pipeline.test.ts
  // (deliveries of one transaction may arrive in either order).
  expect(all.filter((e) => e.type === "room.ended")).toHaveLength(1);
  await context.close();
  for (const p of [host, host2]) await p.context().close();
});
