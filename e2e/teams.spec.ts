import { type Browser, expect, type Page, test } from "@playwright/test";
import { BILLING_HOME, expectInert, mainNav, shot, signIn } from "./helpers";

/**
 * Issue 19's journey, through the console only: the owner invites an admin, who accepts from the
 * mailbox link and invites a viewer; the viewer sees a read-only console; the owner removes the
 * viewer, whose open tab is signed out.
 */

const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title }).first();
const stamp = Date.now().toString(36);

async function invite(page: Page, email: string, role: string): Promise<void> {
  await mainNav(page).getByRole("link", { name: "Members" }).click();
  await page.getByTestId("invite-member").click();
  const dialog = page.getByRole("dialog", { name: "Invite someone" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByText(role, { exact: true }).click();
  await dialog.getByTestId("send-invitation").click();
  await expect(toast(page, "Invitation sent")).toBeVisible();
  await expect(page.getByTestId("invitation-row").filter({ hasText: email })).toBeVisible();
}

/** The accept link of the newest email to `to`, read from the Mailbox as the recipient would click it. */
async function acceptLinkFromMailbox(page: Page, to: string): Promise<string> {
  await mainNav(page).getByRole("link", { name: "Mailbox" }).click();
  const row = page.getByTestId("mailbox-row").filter({ hasText: to }).first();
  await expect(row).toBeVisible();
  await row.getByRole("link").click();
  await page.getByText("Plain-text part").click();
  const text = (await page.locator("pre").textContent()) ?? "";
  const m = /https?:\/\/\S+\/accept-invite\/([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no accept link in the email to ${to}: ${text}`);
  return `/accept-invite/${m[1]}`;
}

async function accept(browser: Browser, link: string, name: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join Acme");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Choose a password").fill("journey-password-1");
  await page.getByRole("button", { name: "Create account and join" }).click();
  await expect(page).not.toHaveURL(/accept-invite/);
  await expect(page.getByTestId("user-name")).toHaveText(name);
  return page;
}

test("owner invites an admin, who invites a viewer; removing the viewer signs their open tab out", async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(180_000);
  const adminEmail = `admin-${stamp}@e2e.test`;
  const viewerEmail = `viewer-${stamp}@e2e.test`;

  await signIn(owner, "owner@acme.test");
  await invite(owner, adminEmail, "Admin");
  await shot(owner, "teams-members-owner");

  const adminLink = await acceptLinkFromMailbox(owner, adminEmail);
  const admin = await accept(browser, adminLink, "Ada Admin");
  await expect(admin.getByTestId("role")).toHaveText("Admin");
  // The link works once.
  const again = await browser.newPage();
  await again.goto(adminLink);
  await expect(again.getByTestId("invite-gone")).toBeVisible();
  await again.close();

  // The admin invites a viewer; the Owner role is offered but disabled, with the reason.
  await mainNav(admin).getByRole("link", { name: "Members" }).click();
  await admin.getByTestId("invite-member").click();
  const dialog = admin.getByRole("dialog", { name: "Invite someone" });
  await expect(dialog.getByRole("radio", { name: /^Owner/ })).toBeDisabled();
  await expect(dialog).toContainText("Only an Owner can grant the Owner role.");
  await shot(admin, "teams-invite-dialog-admin", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await invite(admin, viewerEmail, "Viewer");
  const viewerLink = await acceptLinkFromMailbox(admin, viewerEmail);

  const viewer = await accept(browser, viewerLink, "Vic Viewer");
  await expect(viewer.getByTestId("role")).toHaveText("Viewer");
  // Read-only: building is inert, and so is managing members.
  await mainNav(viewer).getByRole("link", { name: "Projects" }).click();
  await expectInert(viewer.getByTestId("new-project").first(), /Requires the Owner, Admin or Developer role/);
  await mainNav(viewer).getByRole("link", { name: "Members" }).click();
  await expectInert(viewer.getByTestId("invite-member"), /Requires the Owner or Admin role/);
  await expect(viewer.getByTestId("member-row").filter({ hasText: adminEmail })).toBeVisible();
  await shot(viewer, "teams-members-viewer");

  // The owner removes the viewer; the viewer's open tab is signed out without a click.
  await owner.reload();
  await mainNav(owner).getByRole("link", { name: "Members" }).click();
  const row = owner.getByTestId("member-row").filter({ hasText: viewerEmail });
  await row.getByTestId("remove-member").click();
  await owner.getByTestId("confirm-remove").click();
  await expect(toast(owner, "Member removed")).toBeVisible();
  await expect(owner.getByTestId("member-row").filter({ hasText: viewerEmail })).toHaveCount(0);

  await viewer.bringToFront();
  await expect(viewer).toHaveURL(/\/login\?.*reason=expired/, { timeout: 30_000 });
  await expect(viewer.getByTestId("session-ended")).toBeVisible();
  // And the API refuses the old cookie.
  expect((await viewer.request.get("/v1/workspace/me")).status()).toBe(401);
});

test("account page: a wrong current password is explained; sign out everywhere ends this session", async ({
  page,
}) => {
  await signIn(page, "billing@acme.test", undefined, BILLING_HOME);
  await page.getByTestId("user-name").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");
  await page.getByLabel("Current password").fill("not-the-password");
  await page.getByLabel("New password").fill("a-new-password-1");
  await page.getByTestId("change-password").click();
  await expect(page.getByText("Current password is wrong")).toBeVisible();
  await shot(page, "teams-account");
  await page.getByTestId("sign-out-everywhere").click();
  // A wide action asks first (issue 38).
  await page.getByTestId("confirm-sign-out-everywhere").click();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get("/v1/workspace/me")).status()).toBe(401);
});

test("password reset and sign-up pages answer without telling whether an address exists", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/reset-password/);
  // Filled and sent until the page has taken it: on a loaded machine the first fill can land in
  // the server-rendered input just before the client navigation swaps it for the hydrated one.
  await expect(async () => {
    await page.getByLabel("Email", { exact: true }).fill(`nobody-${stamp}@e2e.test`);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page.getByTestId("reset-sent")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // Self-hosted default: sign-up is closed.
  expect((await page.goto("/signup"))?.status()).toBe(404);
});
