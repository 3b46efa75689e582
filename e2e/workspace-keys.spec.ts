import { expect, test } from "@playwright/test";
import {
  expectAccessible,
  expectInert,
  expectNoHorizontalOverflow,
  MOBILE,
  shot,
  signIn,
  unique,
} from "./helpers";

/**
 * The Workspace keys page (issue 49 item 4, docs/decisions/1290) at 1440 and 375 px with axe: an
 * Admin creates a key with a role within theirs, sees it once, the key works and its last use
 * shows; rotation shows a new secret and stops the old one; revocation stops the key for good.
 */

test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1440, height: 900 };

test("an Admin creates, uses, rotates and revokes a workspace key", async ({ page, playwright }) => {
  await signIn(page, "admin@acme.test");
  await page.getByRole("link", { name: "Workspace keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Workspace keys" })).toBeVisible();
  const name = unique("CI deploys");

  await page.getByTestId("new-workspace-key").click();
  const dialog = page.getByRole("dialog", { name: "New workspace key" });
  await expect(dialog).toBeVisible();
  // Never above the creator: an Admin cannot make Owner or Billing keys.
  const roles = await dialog.getByLabel("Role").locator("option").allTextContents();
  expect(roles).toEqual(["Admin", "Developer", "Member", "Viewer"]);
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Role").selectOption("Viewer");
  await dialog.getByLabel("Expires").selectOption("30");
  await expectAccessible(page, "the new-key dialog");
  await dialog.getByTestId("create-workspace-key").click();
  const secret = (await page.getByTestId("revealed-workspace-key").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^svc_wk_/);
  await expectAccessible(page, "the key shown once");
  await shot(page, "workspace-key-revealed", { fullPage: false });
  await page.getByRole("button", { name: "I have stored it" }).click();

  const row = page.getByTestId("workspace-key-row").filter({ hasText: name });
  await expect(row).toContainText("Viewer");
  await expect(row).toContainText("Organisation");
  await expect(row.getByTestId("key-state")).toHaveText("Active");
  await expect(row.getByTestId("key-last-used")).toHaveText("Never");

  // The key works as a Bearer, as a Viewer, and its use shows.
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const asKey = (key: string) =>
    api.get("/v1/workspace/projects", { headers: { authorization: `Bearer ${key}` } });
  expect((await asKey(secret)).status()).toBe(200);
  await expect
    .poll(async () => {
      await page.reload();
      return row.getByTestId("key-last-used").textContent();
    })
    .not.toBe("Never");

  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `workspace keys at ${size.width} px`);
    await shot(page, `workspace-keys-${size.width}`, { fullPage: size === DESKTOP });
  }
  await page.setViewportSize(DESKTOP);

  await row.getByTestId("rotate-workspace-key").click();
  await page.getByTestId("confirm-rotate-workspace-key").click();
  const rotated = (await page.getByTestId("revealed-workspace-key").textContent())?.trim() ?? "";
  expect(rotated).toMatch(/^svc_wk_/);
  expect(rotated).not.toBe(secret);
  await page.getByRole("button", { name: "I have stored it" }).click();
  expect((await asKey(secret)).status()).toBe(401);
  expect((await asKey(rotated)).status()).toBe(200);

  await row.getByTestId("revoke-workspace-key").click();
  await page.getByTestId("confirm-revoke-workspace-key").click();
  await expect(row.getByTestId("key-state")).toHaveText("Revoked");
  expect((await asKey(rotated)).status()).toBe(401);
  await api.dispose();
});

test("a Viewer sees the keys but cannot make one", async ({ page }) => {
  await signIn(page, "viewer@acme.test");
  await page.goto("/workspace-keys");
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await expectInert(page.getByTestId("new-workspace-key"), /Owner, Admin or Developer/);
    await expectAccessible(page, `workspace keys as a Viewer at ${size.width} px`);
  }
});
