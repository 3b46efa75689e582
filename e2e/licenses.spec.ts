import { expect, test } from "@playwright/test";
import {
  BILLING_HOME,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  mainNav,
  signIn,
} from "./helpers";

/**
 * Issue 48 on the self-hosted demo server: with no licence configured the install is the free
 * tier; Owners and Billing see the Licence page (others have no link), and it passes axe at 1440
 * and 375 px. The invalid-licence banner is covered in-process (tests/license-check.test.ts).
 */
test("Billing sees the installation's licence status: the free tier", async ({ page }) => {
  await signIn(page, "billing@acme.test", undefined, BILLING_HOME);
  await mainNav(page).getByRole("link", { name: "Licences" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Licence");
  await expect(page.getByTestId("license-status")).toContainText("Free tier (no licence)");
  await expect(page.getByTestId("license-banner")).toHaveCount(0);
  await expectAccessible(page, "/licenses (self-hosted)");
  await page.setViewportSize(MOBILE);
  await page.reload();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, "/licenses (self-hosted) at 375 px");
});

test("a Member has no Licences link", async ({ page }) => {
  await signIn(page, "member@acme.test");
  await expect(mainNav(page).getByRole("link", { name: "Licences" })).toHaveCount(0);
});
