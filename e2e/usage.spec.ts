import { expect, type Page, test } from "@playwright/test";
import {
  BILLING_HOME,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  mainNav,
  shot,
  signIn,
} from "./helpers";

/**
 * Issue 44 in the console (docs/usage.md): the Usage page is a Billing member's home, with a chart
 * per metric, this month against the last, a range form and a CSV export; a room page lists its
 * sessions with a per-participant timeline. At 1440 px and 375 px, with axe.
 */

const WIDTHS = [
  { name: "desktop", size: { width: 1440, height: 900 } },
  { name: "phone", size: MOBILE },
] as const;

/** The demo's rooms are created days ago: once the rollup ran, rooms created shows on the page. */
async function waitForRollup(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("usage-chart-rooms").count();
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(1);
}

for (const { name, size } of WIDTHS) {
  test.describe(`usage (${name})`, () => {
    test.use({ viewport: size });

    test("Billing lands on Usage: charts, this month against the last, a range, CSV", async ({ page }) => {
      await signIn(page, "billing@acme.test", undefined, BILLING_HOME);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Usage");
      await page.goto("/usage?from=2026-01-01&to=2026-12-31&granularity=month");
      await waitForRollup(page);
      await expect(page.getByTestId("usage-months")).toBeVisible();
      await expect(page.getByTestId("usage-chart-participant-minutes")).toBeVisible();
      await expectAccessible(page, "usage page");
      await expectNoHorizontalOverflow(page);
      await shot(page, `usage-${name}`);

      const csv = await page.request.get((await page.getByTestId("usage-export").getAttribute("href")) ?? "");
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const text = await csv.text();
      expect(text.split("\n")[0]).toMatch(/^period,participant_minutes,publisher_minutes,viewer_minutes,/);
      expect(text).toContain("\ntotal,");

      // A range that ends before it starts is explained, and the page still shows this month.
      await page.goto("/usage?from=2026-11-20&to=2026-11-01");
      await expect(page.getByTestId("usage-error")).toContainText("from must not be after to");
      await expectAccessible(page, "usage page with a bad range");
    });

    test("a room's sessions show who was there, when, on a timeline", async ({ page }) => {
      await signIn(page, "owner@acme.test");
      const res = await page.request.get("/v1/workspace/rooms?state=active&limit=1");
      const room = ((await res.json()) as { items: { id: string }[] }).items[0];
      if (!room) throw new Error("the demo data has no active room");
      await page.goto(`/rooms/${room.id}`);
      const sessions = page.getByTestId("room-sessions");
      await expect(sessions).toBeVisible();
      // The first active room has a running session with people in it (the demo's have three;
      // earlier specs may have changed who is in the room this one finds first).
      await expect(sessions.getByTestId("session-timeline")).toBeVisible();
      await expect(sessions.getByRole("row").nth(1)).toBeVisible();
      await expectAccessible(page, "room sessions");
      await expectNoHorizontalOverflow(page);
      await sessions.scrollIntoViewIfNeeded();
      await shot(page, `room-sessions-${name}`, { fullPage: false });
    });
  });
}

test("Member and Viewer have no Usage link and are told who may see it", async ({ page }) => {
  await signIn(page, "member@acme.test");
  await expect(mainNav(page).getByRole("link", { name: "Usage" })).toHaveCount(0);
  await page.goto("/usage");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Usage");
  await expect(page.locator("main")).toContainText("Your role is Member");
  const csv = await page.request.get("/usage/export");
  expect(csv.status()).toBe(403);
});
