import { expect, test } from "@playwright/test";
import { expectAccessible, expectNoHorizontalOverflow, MOBILE, shot, signIn, unique } from "./helpers";

/**
 * Issue 48 in the console, against the cloud-mode server scripts/e2e.mjs starts (the file name
 * ends in `cloud.spec.ts`, so it runs there): the Owner issues a licence, sees its key once,
 * and revokes it; the page passes axe at 1440 and 375 px.
 */
const EMAIL = process.env.E2E_CLOUD_EMAIL ?? "owner@nimbus.test";
const PASSWORD = process.env.E2E_CLOUD_PASSWORD ?? "nimbus-password-1";

test("the owner issues a licence, copies its key once and revokes it", async ({ page }) => {
  test.setTimeout(90_000);
  // Before a plan is chosen, sign-in lands on /plan; after, on the overview.
  await signIn(page, EMAIL, PASSWORD, /\/(plan)?$/);
  await page.goto("/licenses");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Licences");
  await expectAccessible(page, "/licenses");

  const name = unique("Frankfurt");
  const form = page.getByTestId("issue-license");
  await form.getByLabel("Name (optional)").fill(name);
  await form.getByLabel("Seats (members)").fill("0");
  await form.getByRole("button", { name: "Issue licence" }).click();
  // Bad input: the field says why, nothing is issued.
  await expect(form.getByRole("alert")).toContainText("seats must be an integer from 1");
  await form.getByLabel("Seats (members)").fill("40");
  await form.getByRole("button", { name: "Issue licence" }).click();

  const reveal = page.getByTestId("license-reveal");
  await expect(reveal).toBeVisible();
  await expect(page.getByTestId("license-key")).toHaveText(/^svc_lic_ey/);
  await expect(reveal).toContainText("shown once");
  await expectAccessible(page, "/licenses with the key shown");
  await shot(page, "licenses-issued");
  await reveal.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByTestId("license-key")).toHaveCount(0);

  const row = page.getByTestId("license-list").getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("active");
  await expect(row).toContainText("40");
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  // Permanent: it asks first; Cancel changes nothing.
  const confirm = page.getByRole("dialog", { name: `Revoke ${name}?` });
  await expect(confirm).toContainText("Permanent.");
  await expectAccessible(page, "/licenses, revoke confirmation");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toContainText("active");
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await confirm.getByRole("button", { name: "Revoke licence" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Licence revoked" })).toBeVisible();
  await expect(row).toContainText("revoked");
  await expect(row.getByRole("button", { name: `Revoke ${name}` })).toHaveCount(0);

  await page.setViewportSize(MOBILE);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Licences");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, "/licenses at 375 px");
  await shot(page, "licenses-mobile", { fullPage: false });
});
