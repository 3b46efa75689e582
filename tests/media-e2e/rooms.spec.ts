import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { expectAccessible, MOBILE } from "../../e2e/helpers";
import {
  type HttpsReceiver,
  type ReceivedRequest,
  startHttpsReceiver,
  testCertificate,
} from "../helpers/https-receiver";
import { type MediaGrant, ServiceApi } from "./harness/api";
import { fetchThrough, relayUnixToTcp } from "./harness/bridge";
import { joinFromPage, leaveFromPage, openClientPage, roomState } from "./harness/client-page";
import { reSignJanusToken, startJanus } from "./harness/janus";
import { JANUS_PORTS, writeJanusConfig } from "./harness/janus-config";
import { expectAudioGrowing, expectVideoAdvancing, RECORD_PEER_CONNECTIONS } from "./harness/page-checks";
import { pollUntil } from "./harness/poll";
import { DEBIAN_ADAPTER_JS, DEBIAN_JANUS_JS, requireOrSkip } from "./harness/requirements";
import { startService } from "./harness/service";
import { LOG_DIR, startWorld, type World } from "./harness/world";

/**
 * Issue 34 item 6: the service with SVC_MEDIA_PLANE=janus, Janus with signed tokens and its event
 * handler posting to the service, and Chromium, all inside a network namespace the test creates
 * (docs/media-plane-testing.md). Tokens come from the API through an API key; media really flows;
 * room state and webhooks follow from Janus's own events.
 */

const SERVICE_PORT = 3000;
const RECEIVER_PORT = 8443;
const JANUS_HTTP = `http://127.0.0.1:${JANUS_PORTS.http}/janus`;
const SHOTS = path.join(LOG_DIR, "screenshots");

let world: World;
let api: ServiceApi;
let receiver: HttpsReceiver;
let webhookSecret: string;
let browser: Browser;
const tokenSecret = randomBytes(24).toString("hex");
const eventsSecret = randomBytes(24).toString("hex");

test.beforeAll(async () => {
  test.setTimeout(300_000);
  requireOrSkip(test.skip);
  fs.mkdirSync(SHOTS, { recursive: true });
  world = await startWorld({ servicePort: SERVICE_PORT, receiverPort: RECEIVER_PORT });
  try {
    receiver = await startHttpsReceiver();
    world.onStop(() => receiver.close());
    const relay = await relayUnixToTcp(world.sockets.receiver, receiver.port);
    world.onStop(() => relay.close());

    const configDir = path.join(world.dir, "janus");
    writeJanusConfig({
      dir: configDir,
      tokenSecret,
      eventsSecret: eventsSecret,
      eventsUrl: `http://127.0.0.1:${SERVICE_PORT}/v1/internal/media/janus`,
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
      "room.created",
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

function headersOf(r: ReceivedRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) out[k] = Array.isArray(v) ? v.join(", ") : (v ?? "");
  return out;
}

/** Deliveries about one room, each verified with the official Standard Webhooks library. */
function eventsFor(roomId: string): { type: string; index: number }[] {
  const wh = new Webhook(webhookSecret);
  return receiver.requests.flatMap((r, index) => {
    const body = JSON.parse(r.rawBody) as {
      type: string;
      data: { object: { id?: string; room_id?: string } };
    };
    const about = body.data.object.room_id ?? body.data.object.id;
    if (about !== roomId) return [];
    wh.verify(r.rawBody, headersOf(r));
    return [{ type: body.type, index }];
  });
}

function grantOf(minted: { media?: MediaGrant }): MediaGrant {
  if (!minted.media)
    throw new Error("the room token has no media field: is SVC_MEDIA_PLANE=janus in effect?");
  return minted.media;
}

test("two people with API-minted tokens see and hear each other; state and webhooks follow; foreign and expired credentials are refused", async () => {
  const room = await api.createRoom("Media e2e: API tokens");
  const other = await api.createRoom("Media e2e: another room");
  const ada = grantOf(await api.mintToken(room.id, "ada"));
  const grace = grantOf(await api.mintToken(room.id, "grace"));
  const eve = grantOf(await api.mintToken(other.id, "eve"));

  const first = await openClientPage(browser, `${JANUS_HTTP}/info`, "Ada");
  const second = await openClientPage(browser, `${JANUS_HTTP}/info`, "Grace");
  expect((await joinFromPage(first, ada, "ada")).error).toBeNull();
  expect((await joinFromPage(second, grace, "grace")).error).toBeNull();
  expect(await expectVideoAdvancing(second, 'video[data-remote="ada"]')).toBeGreaterThan(0);
  await expectAudioGrowing(second);
  await pollUntil(
    "the API to show the room active",
    30_000,
    async () => (await api.room(room.id))?.state === "active",
  );

  // A credential for another room does not open this one, and an expired one opens nothing.
  const intruder = await openClientPage(browser, `${JANUS_HTTP}/info`, "Eve");
  const foreign = await joinFromPage(intruder, { ...eve, room: room.id }, "eve");
  expect(foreign.error, "a credential for another room must be refused").not.toBeNull();
  const past = Math.floor(Date.now() / 1000) - 60;
  const expired = {
    ...ada,
    token: reSignJanusToken(tokenSecret, ada.token, past),
    ...(ada.join_token ? { join_token: reSignJanusToken(tokenSecret, ada.join_token, past) } : {}),
  };
  const late = await joinFromPage(intruder, expired, "ada-again");
  expect(late.error, "an expired credential must be refused").not.toBeNull();

  await leaveFromPage(first);
  await leaveFromPage(second);
  await pollUntil(
    "the API to show the room ended",
    30_000,
    async () => (await api.room(room.id))?.state === "ended",
  );
  const events = await pollUntil("room.created, two participant.left and room.ended", 30_000, () => {
    const got = eventsFor(room.id);
    const count = (t: string) => got.filter((e) => e.type === t).length;
    return count("room.created") >= 1 && count("participant.left") >= 2 && count("room.ended") >= 1
      ? got
      : false;
  });
  const firstOf = (t: string) => events.find((e) => e.type === t)?.index ?? -1;
  expect(firstOf("room.created")).toBeLessThan(firstOf("participant.left"));
  expect(firstOf("participant.left")).toBeLessThan(firstOf("room.ended"));
  expect(events.filter((e) => e.type === "room.ended")).toHaveLength(1);
  for (const p of [first, second, intruder]) await p.context().close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test("a guest joins through the share link, meets a host, and is removed when the room is ended", async () => {
  const room = await api.createRoom("Media e2e: share link");
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(RECORD_PEER_CONNECTIONS);
  const guest = await context.newPage();
  const link = `${api.baseUrl}/r/${room.short_code}`;
  await guest.goto(link);
  await expect(guest.getByTestId("join-form")).toBeVisible();
  await expectAccessible(guest, "share-link lobby, desktop");
  await shot(guest, "lobby-1440");
  await guest.setViewportSize(MOBILE);
  await expectAccessible(guest, "share-link lobby, phone");
  await shot(guest, "lobby-375");
  await guest.setViewportSize({ width: 1440, height: 900 });

  // A name is needed; the error is announced and the field focused.
  await guest.getByTestId("join-submit").click();
  await expect(guest.getByTestId("join-error")).toBeVisible();
  await expect(guest.getByLabel("Your name")).toBeFocused();

  await guest.getByLabel("Your name").fill("Guest Grace");
  await guest.getByTestId("join-submit").click();
  await expect(guest.getByTestId("in-room")).toHaveAttribute("data-status", "connected", { timeout: 30_000 });

  // The host joins with an API-minted token; the guest sees and hears them.
  const host = await openClientPage(browser, `${JANUS_HTTP}/info`, "Host");
  expect(
    (await joinFromPage(host, grantOf(await api.mintToken(room.id, "host")), "Hosting Hana")).error,
  ).toBeNull();
  expect(await expectVideoAdvancing(guest, '[data-testid="remote-video"]')).toBeGreaterThan(0);
  await expectAudioGrowing(guest);
  await expect(guest.getByTestId("remote-tile")).toContainText("Hosting Hana");
  expect(await expectVideoAdvancing(host, 'video[data-remote="Guest Grace"]')).toBeGreaterThan(0);

  // Reported, not asserted: from the moment a page holds its token to connected and to the first
  // frame of a remote video, for the host (who joins a room with someone in it) and the guest.
  const hostTimes = await roomState(host);
  const guestTimes = await guest.evaluate(() => {
    const mark = (n: string) => performance.getEntriesByName(n)[0]?.startTime ?? null;
    return { token: mark("svc-join:token"), connected: mark("svc-join:connected") };
  });
  const ms = (a: number | null, b: number | null) => (a !== null && b !== null ? Math.round(b - a) : null);
  const report = {
    host_token_to_connected_ms: ms(hostTimes.tokenAt, hostTimes.connectedAt),
    host_token_to_first_remote_frame_ms: ms(hostTimes.tokenAt, hostTimes.firstRemoteFrameAt),
    guest_token_to_connected_ms: ms(guestTimes.token, guestTimes.connected),
  };
  test.info().annotations.push({ type: "media timing", description: JSON.stringify(report) });
  process.stdout.write(`[media-e2e] ${JSON.stringify(report)}\n`);

  // Mute and camera toggles are announced as pressed.
  await guest.getByTestId("mute-mic").click();
  await expect(guest.getByTestId("mute-mic")).toHaveAttribute("aria-pressed", "true");
  await guest.getByTestId("mute-camera").click();
  await expect(guest.getByTestId("mute-camera")).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(guest, "in the room, desktop");
  await shot(guest, "room-1440");
  await guest.setViewportSize(MOBILE);
  await expectAccessible(guest, "in the room, phone");
  await shot(guest, "room-375");

  // A credential minted before the end, used right after it: Janus refuses it at once (issue 42 item 4).
  const early = grantOf(await api.mintToken(room.id, "early"));
  await api.endRoom(room.id);
  const latecomer = await openClientPage(browser, `${JANUS_HTTP}/info`, "Early");
  expect(
    (await joinFromPage(latecomer, early, "early")).error,
    "an ended room admits no credential",
  ).not.toBeNull();
  await latecomer.context().close();
  await expect(guest.getByTestId("room-exit")).toBeVisible({ timeout: 30_000 });
  await expect(guest.getByTestId("room-exit")).toHaveAttribute("data-reason", /kicked|ended/);
  await expect(guest.getByRole("heading", { level: 1 })).toContainText(/removed|ended/);
  await pollUntil(
    "the host's page to learn it was removed",
    30_000,
    async () => (await roomState(host)).removed,
  );
  await shot(guest, "removed-375");
  await expectAccessible(guest, "removed, phone");

  // The link grants nothing now.
  const status = await guest.evaluate(async (code) => {
    const res = await fetch(`/v1/join/${code}/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ displayName: "Late" }),
    });
    return res.status;
  }, room.short_code);
  expect(status).toBe(409);
  await context.close();
  await host.context().close();
});

test("an Owner removes a participant from the room page: asked first, kicked by Janus, the list and timeline follow", async () => {
  const roomName = "Media e2e: remove from the console";
  const room = await api.createRoom(roomName);
  const ada = await openClientPage(browser, `${JANUS_HTTP}/info`, "Ada");
  const bo = await openClientPage(browser, `${JANUS_HTTP}/info`, "Bo");
  expect((await joinFromPage(ada, grantOf(await api.mintToken(room.id, "ada")), "ada")).error).toBeNull();
  expect((await joinFromPage(bo, grantOf(await api.mintToken(room.id, "bo")), "bo")).error).toBeNull();

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const console_ = await context.newPage();
  await console_.goto(`${api.baseUrl}/login`);
  await console_.getByLabel("Email").fill("owner@acme.test");
  await console_.getByLabel("Password").fill("demo-password");
  await console_.getByRole("button", { name: "Sign in" }).click();
  await expect(console_.getByTestId("who")).toBeVisible();
  await console_.goto(`${api.baseUrl}/rooms/${room.id}`);
  await expect(console_.getByTestId("participant")).toHaveCount(2, { timeout: 30_000 });

  const adaRow = console_.getByTestId("participant").filter({ hasText: "ada" });
  await adaRow.getByRole("button", { name: "Remove ada from the room" }).click();
  const dialog = console_.getByRole("dialog");
  await expect(dialog).toContainText(`Remove ada from ${roomName}?`);
  await expect(dialog).toContainText("not a ban");
  await expectAccessible(console_, "remove confirmation, desktop");
  await shot(console_, "remove-confirm-1440");
  await console_.getByTestId("confirm-remove-participant").click();
  await expect(console_.getByTestId("toast").filter({ hasText: "ada removed" })).toBeVisible();

  // Janus tells Ada's page it was kicked; Bo stays; the page catches up by itself.
  await pollUntil("Ada's page to learn it was removed", 30_000, async () => (await roomState(ada)).removed);
  await expect(console_.getByTestId("participant")).toHaveCount(1, { timeout: 30_000 });
  await expect(console_.getByTestId("participant")).toContainText("bo");
  await expect(console_.getByTestId("timeline")).toContainText("ada left", { timeout: 30_000 });
  expect((await api.room(room.id))?.state).toBe("active");
  await console_.setViewportSize(MOBILE);
  await expectAccessible(console_, "the room after a removal, phone");
  await shot(console_, "removed-participant-375");
  await context.close();
  for (const p of [ada, bo]) await p.context().close();
});

/** docs/media-plane.md's browser example, exactly as the page shows it (the ```js block with Janus.init). */
function docsBrowserExample(): string {
  const doc = fs.readFileSync(path.resolve("docs/media-plane.md"), "utf8");
  const block = [...doc.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((m) => m[1] ?? "")
    .find((b) => b.includes("Janus.init"));
  if (!block) throw new Error("docs/media-plane.md has no ```js block with Janus.init");
  return block;
}

test("docs/media-plane.md's browser example, pasted into a page with Debian's janus.js and adapter, publishes and subscribes", async () => {
  const room = await api.createRoom("Media e2e: the docs' example");
  const example = docsBrowserExample();
  const open = async (identity: string) => {
    const context = await browser.newContext();
    await context.addInitScript(RECORD_PEER_CONNECTIONS);
    const page = await context.newPage();
    await page.goto(`${JANUS_HTTP}/info`);
    // As the docs say: the adapter first, then janus.js.
    await page.addScriptTag({ content: fs.readFileSync(DEBIAN_ADAPTER_JS, "utf8") });
    await page.addScriptTag({ content: fs.readFileSync(DEBIAN_JANUS_JS, "utf8") });
    const media = grantOf(await api.mintToken(room.id, identity));
    await page.evaluate(
      ({ code, media }) => {
        // The example's two free names: the grant, and where a remote track goes.
        const show = (track: MediaStreamTrack) => {
          const el = document.createElement(track.kind === "video" ? "video" : "audio");
          el.autoplay = true;
          el.muted = true;
          el.setAttribute("playsinline", "");
          el.dataset.remote = track.kind;
          el.srcObject = new MediaStream([track]);
          document.body.append(el);
        };
        new Function("media", "show", code)(media, show);
      },
      { code: example, media },
    );
    return page;
  };
  const first = await open("doc-ada");
  await pollUntil("the first page to publish (the API shows it present)", 30_000, async () => {
    const r = await api.room(room.id);
    return r?.state === "active";
  });
  const second = await open("doc-grace");
  // The second subscribes to the publisher already there; the first to the one who came later.
  expect(await expectVideoAdvancing(second, 'video[data-remote="video"]')).toBeGreaterThan(0);
  expect(await expectVideoAdvancing(first, 'video[data-remote="video"]')).toBeGreaterThan(0);
  await expectAudioGrowing(second);
  for (const p of [first, second]) await p.context().close();
});
