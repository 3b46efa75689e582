import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectInert, expectNoHorizontalOverflow, MOBILE, shot, signIn } from "./helpers";

/**
 * Issue 45 in the console (docs/streaming.md): a room page's Live stream card. The e2e service
 * runs without a media plane (SVC_MEDIA_PLANE none), so no stream can start here: the card says
 * why (nobody in a `created` room; no media plane in an `active` one), the RTMP key field takes a
 * key only once a destination is typed and never shows it, and roles without `streams:manage`
 * get no card. At 1440 px and 375 px, with axe.
 */

const WIDTHS = [
  { name: "desktop", size: { width: 1440, height: 900 } },
  { name: "phone", size: MOBILE },
] as const;

async function roomIn(page: Page, state: "created" | "active"): Promise<{ id: string } | undefined> {
  const res = await page.request.get(`/v1/workspace/rooms?limit=50&state=${state}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { id: string }[] }).items[0];
}

for (const { name, size } of WIDTHS) {
  test.describe(`live stream card (${name})`, () => {
    test.use({ viewport: size });

    test("says why a stream cannot start, takes an RTMP key without showing it, and is not offered to a Viewer", async ({
      page,
    }) => {
      await signIn(page, "owner@acme.test");
      const created = await roomIn(page, "created");
      if (!created) throw new Error("the demo data has no created room");
      await page.goto(`/rooms/${created.id}`);
      const card = page.getByTestId("stream-panel");
      await expect(card).toBeVisible();
      await expectInert(card.getByTestId("start-stream"), /Nobody is in the room yet/);
      await expect(card.getByTestId("stream-status")).toContainText("Not streaming.");
      const key = card.getByLabel("Stream key");
      await expect(key).toBeDisabled();
      await card.getByLabel(/RTMP destination/).fill("rtmp://live.example.test/app");
      await expect(key).toBeEnabled();
      await key.fill("sk-never-shown-42");
      // A password field: the key is not readable on screen.
      await expect(key).toHaveAttribute("type", "password");
      await expect(page.getByText("sk-never-shown-42")).toHaveCount(0);
      await expectAccessible(page, "room page with the live stream card");
      await expectNoHorizontalOverflow(page);
      await shot(page, `streams-card-${name}`);

      const active = await roomIn(page, "active");
      if (active) {
        await page.goto(`/rooms/${active.id}`);
        await expectInert(page.getByTestId("start-stream"), /No media plane is configured/);
      }

      await page.context().clearCookies();
      await signIn(page, "viewer@acme.test");
      await page.goto(`/rooms/${created.id}`);
      await expect(page.getByTestId("recording-panel")).toBeVisible();
      await expect(page.getByTestId("stream-panel")).toHaveCount(0);
    });
  });
}
