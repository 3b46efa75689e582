import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "playwright-core";
import { expectAccessible, MOBILE } from "../../e2e/helpers";
import type { MediaGrant, ServiceApi } from "./harness/api";
import { joinFromPage, openClientPage, roomState } from "./harness/client-page";
import { JANUS_HTTP, startJanusWithService } from "./harness/janus-service";
import { expectAudioGrowing, expectVideoAdvancing, inboundReceived } from "./harness/page-checks";
import { pollUntil } from "./harness/poll";
import { requireOrSkip } from "./harness/requirements";
import { LOG_DIR, type World } from "./harness/world";

/**
 * Issue 47 item 4 from the console, through a real Janus (docs/moderation.md): the Owner, signed in
 * on the room page inside the namespace, presses Mute audio beside one of two people in the room
 * and the other page's inbound audio bytes stop growing; Unmute audio and they grow again; Mute
 * video stops the other page's inbound video bytes and decoded frames, Unmute video resumes them.
 * Change role on Janus shows the rejoin explanation (409 `rejoin_required`), not an error. The API
 * path of the same calls is tests/media-e2e/moderation.spec.ts.
 * `npm run test:media -- console-moderation`.
 */

const SHOTS = path.join(LOG_DIR, "screenshots");
const DESKTOP = { width: 1440, height: 900 };
/** How many reads in a row, half a second apart, must find nothing new to call a stream stopped. */
const QUIET_READS = 3;

let world: World;
let api: ServiceApi;
let browser: Browser;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  requireOrSkip(test.skip);
  fs.mkdirSync(SHOTS, { recursive: true });
  ({ world, api, browser } = await startJanusWithService());
});

test.afterAll(async () => {
  await world?.stop();
});

const grantOf = (minted: { media?: MediaGrant }): MediaGrant => {
  if (!minted.media)
    throw new Error("the room token has no media field: is SVC_MEDIA_PLANE=janus in effect?");
  return minted.media;
};

async function seat(roomId: string, identity: string): Promise<Page> {
  const page = await openClientPage(browser, `${JANUS_HTTP}/info`, identity);
  expect(
    (await joinFromPage(page, grantOf(await api.mintToken(roomId, identity)), identity)).error,
  ).toBeNull();
  await pollUntil(`${identity} to be connected`, 30_000, async () => (await roomState(page)).connected);
  return page;
}

/** The Owner on the room page, signed in through the sign-in page as a person would. */
async function consoleOnRoom(roomId: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${api.baseUrl}/login`);
  await page.getByLabel("Email").fill("owner@acme.test");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("who")).toBeVisible();
  await page.goto(`${api.baseUrl}/rooms/${roomId}`);
  return page;
}

/** Resolves once `kind` has stopped arriving at `page`: QUIET_READS reads in a row with nothing new. */
async function stopsArriving(page: Page, kind: "audio" | "video", timeoutMs = 20_000): Promise<void> {
  let last = await inboundReceived(page, kind);
  let quiet = 0;
  await pollUntil(
    `inbound ${kind} to stop growing`,
    timeoutMs,
    async () => {
      const now = await inboundReceived(page, kind);
      quiet = now.bytes === last.bytes && now.frames === last.frames ? quiet + 1 : 0;
      last = now;
      return quiet >= QUIET_READS;
    },
    500,
  );
}

/** Resolves once `kind` arrives at `page` again: bytes (and for video, decoded frames) grow. */
async function arrivesAgain(page: Page, kind: "audio" | "video", timeoutMs = 30_000): Promise<void> {
  const first = await inboundReceived(page, kind);
  await pollUntil(`inbound ${kind} to grow again`, timeoutMs, async () => {
    const now = await inboundReceived(page, kind);
    return now.bytes > first.bytes && (kind === "audio" || now.frames > first.frames);
  });
}

/** The service has learnt the identity's published streams from Janus (a no-op unmute finds them). */
async function streamsKnown(roomId: string, identity: string): Promise<void> {
  for (const kind of ["audio", "video"] as const) {
    await pollUntil(`Janus's published event for ${identity}'s ${kind}`, 30_000, async () => {
      const r = await api.asOwner<{ tracks: number }>(
        "POST",
        `/v1/workspace/rooms/${roomId}/participants/${identity}/mute`,
        { [kind]: false },
        200,
      );
      return r.tracks > 0;
    });
  }
}

test("the Owner mutes and unmutes someone's audio and video from the room page; the other page stops and resumes receiving it", async () => {
  // Four presses, each followed by a stream stopping or resuming: minutes on a loaded 2-core machine.
  test.setTimeout(480_000);
  const room = await api.createRoom("Media e2e: mute from the console");
  const speaker = await seat(room.id, "speaker");
  const listener = await seat(room.id, "listener");
  await expectAudioGrowing(listener);
  await expectVideoAdvancing(listener, "video[data-remote]");
  await streamsKnown(room.id, "speaker");

  const owner = await consoleOnRoom(room.id);
  await expect(owner.getByTestId("participant")).toHaveCount(2, { timeout: 30_000 });
  const row = owner.getByTestId("participant").filter({ hasText: "speaker" });
  const toast = (title: string) => owner.getByTestId("toast").filter({ hasText: title }).first();

  /** Opens speaker's Mute menu and presses one of its four actions. */
  const press = async (name: string) => {
    const menu = row.getByRole("button", { name: "Mute or unmute speaker" });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await row.getByRole("button", { name, exact: true }).click();
  };

  // The menu names whose audio and video each action changes; checked at both sizes with axe.
  await row.getByRole("button", { name: "Mute or unmute speaker" }).click();
  const group = row.getByRole("group", { name: "speaker's audio and video" });
  for (const name of [
    "Mute speaker's audio",
    "Unmute speaker's audio",
    "Mute speaker's video",
    "Unmute speaker's video",
  ])
    await expect(group.getByRole("button", { name, exact: true })).toBeVisible();
  await expectAccessible(owner, "the Mute menu, desktop");
  await owner.screenshot({ path: path.join(SHOTS, "console-mute-menu-1440.png") });
  await owner.setViewportSize(MOBILE);
  await row.scrollIntoViewIfNeeded();
  await expect(group).toBeVisible();
  await expectAccessible(owner, "the Mute menu, phone");
  await owner.screenshot({ path: path.join(SHOTS, "console-mute-menu-375.png") });
  await owner.keyboard.press("Escape");
  await expect(group).toBeHidden();
  await expect(row.getByRole("button", { name: "Mute or unmute speaker" })).toBeFocused();
  await owner.setViewportSize(DESKTOP);

  await press("Mute speaker's audio");
  await expect(toast("speaker's audio muted")).toBeVisible();
  await stopsArriving(listener, "audio");
  await press("Unmute speaker's audio");
  await expect(toast("speaker's audio unmuted")).toBeVisible();
  await arrivesAgain(listener, "audio");

  await press("Mute speaker's video");
  await expect(toast("speaker's video muted")).toBeVisible();
  await stopsArriving(listener, "video");
  // Audio keeps flowing while the video is muted: the mute is per kind.
  await arrivesAgain(listener, "audio");
  await press("Unmute speaker's video");
  await expect(toast("speaker's video unmuted")).toBeVisible();
  await arrivesAgain(listener, "video");

  // The speaker was never told and never left.
  expect((await roomState(speaker)).removed).toBeNull();
  for (const page of [owner, speaker, listener]) await page.context().close();
});

test("Change role on Janus explains the rejoin instead of failing", async () => {
  const room = await api.createRoom("Media e2e: change role from the console");
  const ann = await seat(room.id, "ann");
  const owner = await consoleOnRoom(room.id);
  const row = owner.getByTestId("participant").filter({ hasText: "ann" });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.getByRole("button", { name: "Change ann's role" }).click();
  const dialog = owner.getByRole("dialog", { name: /Change ann's role/ });
  await dialog.getByText("Viewer", { exact: true }).click();
  await dialog.getByTestId("confirm-role").click();
  const rejoin = owner.getByRole("dialog", { name: "ann must rejoin to become a viewer" });
  await expect(rejoin.getByTestId("rejoin-required")).toContainText("cannot change what someone may do");
  await expect(rejoin).toContainText("POST /v1/auth/tokens/room");
  await expect(owner.getByTestId("toast").filter({ hasText: "not changed" })).toHaveCount(0);
  await expectAccessible(owner, "the rejoin explanation, desktop");
  await owner.screenshot({ path: path.join(SHOTS, "console-rejoin-required-1440.png") });
  await owner.setViewportSize(MOBILE);
  await expectAccessible(owner, "the rejoin explanation, phone");
  await owner.screenshot({ path: path.join(SHOTS, "console-rejoin-required-375.png") });
  await rejoin.getByRole("button", { name: "Got it" }).click();
  await expect(rejoin).toBeHidden();
  // Nothing changed in the room: ann is still there, with the role she joined with.
  expect((await roomState(ann)).removed).toBeNull();
  await expect(owner.getByTestId("participant")).toHaveCount(1);
  for (const page of [owner, ann]) await page.context().close();
});
