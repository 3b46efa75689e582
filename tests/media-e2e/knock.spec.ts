import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "playwright-core";
import { expectAccessible, MOBILE } from "../../e2e/helpers";
import { ServiceApi } from "./harness/api";
import { fetchThrough } from "./harness/bridge";
import { startJanus } from "./harness/janus";
import { JANUS_PORTS, writeJanusConfig } from "./harness/janus-config";
import { requireOrSkip } from "./harness/requirements";
import { startService } from "./harness/service";
import { LOG_DIR, startWorld, type World } from "./harness/world";

/**
 * The share link's waiting room and lock through a real media plane (docs/decisions/1350): a guest
 * asks to join, waits on a page that says so, and enters the room, connected through Janus, when
 * an Owner admits them from the room page, without reloading; a second guest meets the locked link.
 * At 1440 and 375 px with axe. Janus, the service and Chromium in a network namespace
 * (docs/media-plane-testing.md), as tests/media-e2e/rooms.spec.ts.
 */

const SERVICE_PORT = 3000;
const JANUS_HTTP = `http://127.0.0.1:${JANUS_PORTS.http}/janus`;
const DESKTOP = { width: 1440, height: 900 };

let world: World;
let api: ServiceApi;
let browser: Browser;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  requireOrSkip(test.skip);
  world = await startWorld({ servicePort: SERVICE_PORT, receiverPort: 8443 });
  try {
    const tokenSecret = randomBytes(24).toString("hex");
    const eventsSecret = randomBytes(24).toString("hex");
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
      },
      ready: async () => (await service.fetch(`${baseUrl}/login`)).status === 200,
    });
    world.onStop(() => running.stop());
    api = new ServiceApi(service.fetch, baseUrl);
    await api.signIn("owner@acme.test", "demo-password");
    browser = (await world.browser()).browser;
  } catch (err) {
    await world.stop();
    throw err;
  }
});

test.afterAll(async () => {
  await world?.stop();
});

async function bothSizes(page: Page, what: string): Promise<void> {
  await page.setViewportSize(MOBILE);
  await expectAccessible(page, `${what}, phone`);
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${what}, desktop`);
}

test("a guest knocks, waits, and is let in from the room page without reloading; a locked link turns the next one away", async () => {
  test.setTimeout(180_000);
  const room = await api.createRoom("Media e2e: waiting room");
  await api.setAdmission(room.id, { waiting_room: true });

  const guestContext = await browser.newContext({ viewport: DESKTOP });
  const guest = await guestContext.newPage();
  await guest.goto(`${api.baseUrl}/r/${room.short_code}`);
  await expect(guest.getByTestId("join-knock-hint")).toBeVisible();
  await guest.getByLabel("Your name").fill("Knocking Kim");
  await guest.getByTestId("join-submit").click();
  await expect(guest.getByTestId("join-waiting")).toBeVisible();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Waiting for the host to let you in");
  await expect(guest.getByRole("heading", { level: 1 })).toBeFocused();
  // A mark that a reload would wipe: the admission must reach this very page.
  await guest.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await bothSizes(guest, "the waiting room");

  const hostContext = await browser.newContext({ viewport: DESKTOP });
  const host = await hostContext.newPage();
  await host.goto(`${api.baseUrl}/login`);
  await host.getByLabel("Email").fill("owner@acme.test");
  await host.getByLabel("Password").fill("demo-password");
  await host.getByRole("button", { name: "Sign in" }).click();
  await expect(host.getByTestId("who")).toBeVisible();
  await host.goto(`${api.baseUrl}/rooms/${room.id}`);
  // The room page re-renders every few seconds: the knock appears without a reload.
  const knock = host.getByTestId("knock").filter({ hasText: "Knocking Kim" });
  await expect(knock).toBeVisible({ timeout: 20_000 });
  await bothSizes(host, "the room page with a guest knocking");
  await knock.getByRole("button", { name: "Admit Knocking Kim" }).click();

  await expect(guest.getByTestId("in-room")).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  expect(await guest.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await expect(host.getByTestId("knock")).toHaveCount(0, { timeout: 20_000 });

  // Locked: the next guest is told so before typing a name.
  await host.getByTestId("toggle-link-lock").click();
  await expect(host.getByTestId("admission-state")).toHaveText("Link locked");
  const late = await guestContext.newPage();
  await late.goto(`${api.baseUrl}/r/${room.short_code}`);
  await expect(late.getByTestId("join-refused")).toHaveAttribute("data-reason", "locked");
  await expect(late.getByRole("heading", { level: 1 })).toHaveText("This meeting is locked");
  await bothSizes(late, "a locked link");
  // Asking anyway is refused with the stable code; the guest inside stays connected.
  await late.getByTestId("join-again").click();
  await late.getByLabel("Your name").fill("Late Lou");
  await late.getByTestId("join-submit").click();
  await expect(late.getByTestId("join-refused")).toHaveAttribute("data-reason", "locked");
  await expect(guest.getByTestId("in-room")).toHaveAttribute("data-status", "connected");

  await api.endRoom(room.id);
  await guestContext.close();
  await hostContext.close();
});
