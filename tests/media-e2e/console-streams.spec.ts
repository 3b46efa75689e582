import { expect, test } from "@playwright/test";
import type { Page } from "playwright-core";
import { expectAccessible, MOBILE } from "../../e2e/helpers";
import type { MediaGrant } from "./harness/api";
import { joinFromPage, leaveFromPage, openClientPage } from "./harness/client-page";
import { pollUntil } from "./harness/poll";
import { requireOrSkip } from "./harness/requirements";
import { JANUS_HTTP, OWNER, type StreamingWorld, startStreamingWorld } from "./harness/streaming";

/**
 * Issue 45 from the console, with real media (docs/streaming.md): a Chromium page broadcasts into a
 * `live` room on Janus; the owner, signed in on the console in another Chromium context, presses
 * Start on the room page's Live stream card (HLS); the streamer agent takes the VideoRoom's
 * forward, the card says Live, and a viewer on the share link plays the HLS with hls.js (frames
 * advancing); Stop on the same card ends it: the card says so, `stream.started` and `stream.ended`
 * arrive signed, and the playlist ends. The card is checked with axe at 1440 and 375 px. The
 * setup is the streaming world every stream spec shares (harness/streaming.ts).
 */

const DESKTOP = { width: 1440, height: 900 };

let sw: StreamingWorld;

test.beforeAll(async () => {
  // `next dev` compiles the service on its first requests: minutes on a busy 2-core machine.
  test.setTimeout(600_000);
  requireOrSkip(test.skip);
  sw = await startStreamingWorld();
});

test.afterAll(async () => {
  await sw?.world.stop();
});

async function bothSizes(page: Page, what: string): Promise<void> {
  await page.setViewportSize(MOBILE);
  await expectAccessible(page, `${what}, phone`);
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${what}, desktop`);
}

type Stream = { id: string; state: string; outputs: { kind: string; state: string }[] };

test("the owner starts an HLS stream from the room page, a viewer plays it on the share link, Stop ends it", async () => {
  test.setTimeout(900_000);
  const room = await sw.api.createRoom("Console live show", "live");
  const publisher = await openClientPage(sw.browser, `${JANUS_HTTP}/info`, "broadcaster");
  const minted = await sw.api.mintToken(room.id, "host", { role: "broadcaster" });
  if (!minted.media) throw new Error("no media credential");
  expect((await joinFromPage(publisher, minted.media as MediaGrant, "host")).error).toBeNull();
  await pollUntil(
    "the room to be active",
    30_000,
    async () => (await sw.api.room(room.id))?.state === "active",
  );

  const ownerContext = await sw.browser.newContext({ viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await owner.goto(`${sw.baseUrl}/login`);
  await owner.getByLabel("Email").fill(OWNER.email);
  await owner.getByLabel("Password").fill(OWNER.password);
  await owner.getByRole("button", { name: "Sign in" }).click();
  // `next dev` compiles each console page on its first request: generous bounds, then the default.
  await expect(owner.getByTestId("who")).toBeVisible({ timeout: 120_000 });
  await owner.goto(`${sw.baseUrl}/rooms/${room.id}`, { timeout: 120_000 });
  const card = owner.getByTestId("stream-panel");
  await expect(card.getByRole("heading", { name: "Live stream" })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByTestId("stream-status")).toHaveText("Not streaming.");
  await expect(card.getByLabel("HLS for the share link's audience")).toBeChecked();
  await bothSizes(owner, "the room page's live stream card");

  // Janus lists the broadcaster as a publisher a moment after the join: until then the start is
  // refused with its reason (a toast), and the card offers Start again.
  const start = card.getByTestId("start-stream");
  await pollUntil("the console's start to be taken", 180_000, async () => {
    await expect(start).toBeEnabled({ timeout: 60_000 });
    const said = card.getByTestId("stream-status");
    const before = (await said.textContent()) ?? "";
    await start.click();
    // The card changes once the page's data is fetched again after the answer (a refusal: the
    // last stream failed; a start: Starting or Live).
    await expect(said)
      .not.toHaveText(before, { timeout: 60_000 })
      .catch(() => undefined);
    return /^(Starting|Live)/.test((await said.textContent()) ?? "");
  });
  await expect(card.getByTestId("stream-status")).toHaveText("Live.", { timeout: 120_000 });
  await expect(card.getByTestId("stream-outputs").locator("li")).toHaveAttribute("data-state", "live");
  const list = await sw.asOwner<{ items: Stream[] }>("GET", `/v1/workspace/rooms/${room.id}/streams`);
  const stream = list.body.items.find((s) => s.state === "live");
  if (!stream) throw new Error(`no live stream: ${list.text}`);
  expect(stream.outputs).toEqual([expect.objectContaining({ kind: "hls", state: "live" })]);
  await pollUntil("stream.started", 30_000, () =>
    sw.eventsOf(stream.id).some((e) => e.type === "stream.started"),
  );
  await bothSizes(owner, "the room page while live");

  // A viewer on the share link: hls.js plays the stream the console started.
  const viewerContext = await sw.browser.newContext();
  const viewer = await viewerContext.newPage();
  await pollUntil("the live playlist", 60_000, async () => {
    const res = await sw.fetch(`${sw.baseUrl}/v1/join/${room.short_code}/stream.m3u8`);
    return res.status === 200 && (await res.text()).includes(".ts");
  });
  await viewer.goto(`${sw.baseUrl}/r/${room.short_code}`, { timeout: 120_000 });
  await expect(viewer.getByTestId("live-stream")).toBeVisible({ timeout: 60_000 });
  const frames = () =>
    viewer.evaluate(
      () =>
        document
          .querySelector<HTMLVideoElement>('[data-testid="live-stream-video"]')
          ?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
    );
  await pollUntil("the viewer to show frames", 60_000, async () => (await frames()) > 10);
  const before = await frames();
  await pollUntil("frames to keep advancing", 30_000, async () => (await frames()) > before + 30);

  // Stop on the card: the stream ends, the card says so, stream.ended arrives signed.
  await card.getByTestId("stop-stream").click();
  await expect(card.getByTestId("stream-status")).toHaveText("Not streaming. The last stream ended.", {
    timeout: 120_000,
  });
  await expect(card.getByTestId("start-stream")).toBeVisible();
  const one = await sw.asOwner<Stream>("GET", `/v1/workspace/rooms/${room.id}/streams/${stream.id}`);
  expect(one.body.state).toBe("ended");
  await pollUntil("stream.ended", 30_000, () =>
    sw.eventsOf(stream.id).some((e) => e.type === "stream.ended"),
  );
  expect(sw.eventsOf(stream.id).map((e) => e.type)).toEqual(["stream.started", "stream.ended"]);
  await pollUntil("the final playlist (#EXT-X-ENDLIST)", 30_000, async () => {
    const res = await sw.fetch(`${sw.baseUrl}/v1/join/${room.short_code}/stream.m3u8`);
    return (await res.text()).includes("#EXT-X-ENDLIST");
  });

  await viewerContext.close();
  await ownerContext.close();
  await leaveFromPage(publisher);
  await publisher.context().close();
});
