import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, MOBILE, signIn } from "./helpers";

/**
 * axe-core over the main pages, signed out and signed in, on a desktop and at 375 px, and over the
 * console's dialog and switcher while open: no serious or critical violation anywhere.
 */

async function firstHref(page: Page, path: string, testId: string): Promise<string> {
  await page.goto(path);
  const link = page.getByTestId(testId).first().getByRole("link").first();
  const href = await link.getAttribute("href");
  expect(href, `a link in the first ${testId} of ${path}`).toBeTruthy();
  return href ?? "";
}

test("the sign-in page, with and without an error", async ({ page }) => {
  await page.goto("/login");
  await expectAccessible(page, "/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toBeVisible();
  await expectAccessible(page, "/login with an error");
});

test("every main console page, desktop and phone", async ({ page }) => {
  // Ten pages, each scanned by axe at two widths: minutes on a loaded 2-core machine.
  test.setTimeout(240_000);
  await signIn(page, "owner@acme.test");
  const pages = [
    "/projects",
    await firstHref(page, "/projects", "project-card"),
    "/rooms",
    await firstHref(page, "/rooms", "room-row"),
    "/recordings",
    "/webhooks",
    "/api-keys",
    "/role",
    "/mailbox",
  ];
  // A webhook endpoint page when there is one (the owner journey adds one on a fresh database).
  await page.goto("/webhooks");
  if ((await page.getByTestId("webhook-row").count()) > 0)
    pages.push(await firstHref(page, "/webhooks", "webhook-row"));

  for (const path of pages) {
    await test.step(path, async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessible(page, path);
      await page.setViewportSize(MOBILE);
      await expectAccessible(page, `${path} at 375 px`);
    });
  }

  // The join page a share link opens (public).
  await page.goto("/rooms");
  const shortCode = await page.getByTestId("room-row").first().locator("code").textContent();
  await page.goto(`/r/${shortCode}`);
  await expect(page.getByTestId("join-card")).toBeVisible();
  await expectAccessible(page, "the join page");
});

test("an open dialog, the project switcher and the phone menu", async ({ page }) => {
  await signIn(page, "developer@acme.test");
  await page.goto("/projects");
  await page.getByTestId("new-project").click();
  await expect(page.getByRole("dialog", { name: "Create a project" })).toBeVisible();
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByText("Give the project a name.")).toBeVisible();
  await expectAccessible(page, "the create-project dialog with an error");
  await page.keyboard.press("Escape");

  await page
    .getByTestId("project-switcher")
    .getByRole("button", { name: /Switch project/ })
    .click();
  await expect(page.getByLabel("Find a project")).toBeFocused();
  await expectAccessible(page, "the open project switcher");
  await page.keyboard.press("Escape");
  await expect(page.getByLabel("Find a project")).toBeHidden();

  await page.setViewportSize(MOBILE);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expectAccessible(page, "the phone menu");
});
