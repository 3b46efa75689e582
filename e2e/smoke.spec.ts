import { expect, test } from "@playwright/test";

test("owner signs in", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("owner@acme.test");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByTestId("role")).toHaveText("Owner");
  await page.screenshot({ path: "e2e/screenshots/smoke.png", fullPage: true });
});
