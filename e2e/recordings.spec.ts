import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectInert, MOBILE, shot, signIn } from "./helpers";

/**
 * Issue 35 in the console (docs/recordings.md): the demo data's recordings are real videos that
 * play in the page (Play: the HLS rendition through hls.js, else the MP4 link); a room page's Recording card
 * offers Start to the roles that may, disabled with the reason when the room cannot be recorded,
 * and to the others with the roles that may. At 1440 px and 375 px, with axe.
 */

const WIDTHS = [
  { name: "desktop", size: { width: 1440, height: 900 } },
  { name: "phone", size: MOBILE },
] as const;

async function firstRoom(page: Page): Promise<{ id: string }> {
  const res = await page.request.get("/v1/workspace/rooms?limit=50&state=created");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: { id: string }[] };
  const room = body.items[0];
  if (!room) throw new Error("the demo data has no created room");
  return room;
}

for (const { name, size } of WIDTHS) {
  test.describe(`recordings (${name})`, () => {
    test.use({ viewport: size });

    test("a demo recording plays in the page", async ({ page }) => {
      await signIn(page, "owner@acme.test");
      await page.goto("/recordings");
      await page.getByTestId("play-recording").first().click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      const video = dialog.getByTestId("recording-video");
      // Real media: the browser decoded it (metadata with a duration, then frames as it plays).
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)))
        .toBeGreaterThan(3);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
      // The HLS rendition through hls.js (docs/decisions/1247), its media from storage.
      await expect(video).toHaveAttribute("data-source", "hls");
      await expectAccessible(page, "recording player");
      await shot(page, `recordings-play-${name}`, { fullPage: false });
    });

    test("the room page's Recording card says why it cannot start, and to whom it is closed", async ({
      page,
    }) => {
      await signIn(page, "owner@acme.test");
      const room = await firstRoom(page);
      await page.goto(`/rooms/${room.id}`);
      const card = page.getByTestId("recording-panel");
      await expect(card).toBeVisible();
      // Nobody is in a `created` room, and the demo runs without a media server: the reason shows.
      await expectInert(card.getByTestId("start-recording"), /media server|someone is in the room/);
      await expect(card.getByTestId("recording-status")).toContainText("Not recording.");
      await expectAccessible(page, "room page with the recording card");
      await shot(page, `recordings-room-card-${name}`);

      await page.context().clearCookies();
      await signIn(page, "viewer@acme.test");
      await page.goto(`/rooms/${room.id}`);
      await expectInert(
        page.getByTestId("start-recording"),
        /Owner, Admin or Developer|Owner, Admin and Developer|Developer/,
      );
    });
  });
}
