import { expect, test } from "@playwright/test";
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  HOME,
  MOBILE,
  mainNav,
  PASSWORD,
  shot,
  signIn,
} from "./helpers";

/**
 * The shell that never breaks (issue 13, items 1, 2 and 6): the overview, styled 404s with the
 * right status inside the console, sign-in again after a session ends (and back to the page),
 * the theme, desktop and 375 px, each with axe.
 */

test("the overview: a checklist ticked from real data and live figures with 7-day charts", async ({
  page,
}) => {
  await signIn(page, "owner@acme.test");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  // The demo org has projects, members and rooms: those steps are ticked; the progress says how many.
  const checklist = page.getByTestId("checklist");
  if ((await checklist.count()) > 0) {
    await expect(checklist.locator('[data-step="project"]')).toHaveAttribute("data-done", "true");
    await expect(checklist.locator('[data-step="teammate"]')).toHaveAttribute("data-done", "true");
    await expect(page.getByTestId("checklist-progress")).toHaveText(/^\d of \d done$/);
  }
  for (const id of ["rooms", "participants", "recordings", "deliveries", "dead", "emails"])
    await expect(page.getByTestId(`figure-${id}`)).toBeVisible();
  // The seed has an active room (All-hands webinar): at least one active, a number of participants.
  await expect(page.getByTestId("rooms-active")).toHaveText(/^[1-9]\d* active$/);
  const chart = page.getByTestId("figure-rooms").getByRole("img");
  await expect(chart).toHaveAttribute("aria-label", /Rooms created per day, last 7 days: .+/);
  await expect(page.getByTestId("scope-note")).toContainText("does not filter");
  await expectAccessible(page, "the overview");
  await shot(page, "overview");
  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, "the overview at 375 px");
  await shot(page, "overview-mobile", { fullPage: false });
});

test("unknown ids answer a styled 404 inside the shell, with HTTP 404 and ways back", async ({ page }) => {
  await signIn(page, "owner@acme.test");
  for (const path of [
    "/rooms/rm_doesnotexist000000000000",
    "/projects/prj_doesnotexist00000000000",
    "/webhooks/wh_doesnotexist000000000000",
    "/mailbox/eml_doesnotexist00000000000",
  ]) {
    await test.step(path, async () => {
      const res = await page.goto(path);
      expect(res?.status(), `${path} answers 404`).toBe(404);
      await expect(page.getByRole("heading", { name: "We can't find that page", level: 1 })).toBeVisible();
      // Still inside the shell: the sidebar with org and user, readable (axe checks the contrast).
      await expect(page.getByTestId("who")).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to the overview" })).toBeVisible();
    });
  }
  await expectAccessible(page, "the console's 404");
  await shot(page, "not-found");
  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, "the console's 404 at 375 px");
  await shot(page, "not-found-mobile", { fullPage: false });
  await page.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page).toHaveURL(HOME);

  // A path nothing answers: 404 too, styled, outside the shell.
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("status-page")).toBeVisible();
});

test("an ended session returns to sign-in with a message, and back to the same page after", async ({
  page,
  context,
}) => {
  await signIn(page, "developer@acme.test");
  await page.goto("/rooms?state=active");
  // The session ends (expired, or revoked elsewhere): the cookie is no longer a valid session.
  const [cookie] = (await context.cookies()).filter((c) => c.name === "svc_session");
  expect(cookie).toBeTruthy();
  if (!cookie) return;
  await context.addCookies([{ ...cookie, value: "expired.session.token" }]);
  await page.reload();
  await expect(page).toHaveURL(/\/login\?next=%2Frooms%3Fstate%3Dactive&reason=expired$/);
  await expect(page.getByTestId("session-ended")).toContainText("Your session has ended");
  await expectAccessible(page, "sign-in after the session ended");
  await shot(page, "session-ended", { fullPage: false });
  await page.getByLabel("Email").fill("developer@acme.test");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/rooms\?state=active$/);

  // Ended while a page is open: the next API call sends the browser to sign in, then back.
  await page.goto("/projects");
  const [fresh] = (await context.cookies()).filter((c) => c.name === "svc_session");
  if (!fresh) return;
  await context.addCookies([{ ...fresh, value: "revoked.session.token" }]);
  await page.getByTestId("new-project").first().click();
  await page.getByRole("dialog").getByLabel("Name").fill("Never created");
  await page.getByRole("dialog").getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fprojects&reason=expired$/);

  // A return path to another site is ignored.
  await page.goto("/login?next=//evil.example/steal&reason=expired");
  await page.getByLabel("Email").fill("developer@acme.test");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(HOME);
});

test("the theme follows the system and a toggle overrides it, on every page after", async ({ page }) => {
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: "light" });
  await signIn(page, "member@acme.test");
  expect(await bg()).toBe("rgb(246, 246, 248)");
  await expectAccessible(page, "the overview in the light theme");
  await shot(page, "overview-light");
  await page.goto("/rooms");
  await expectAccessible(page, "rooms in the light theme");
  await shot(page, "rooms-light");

  await page.emulateMedia({ colorScheme: "dark" });
  expect(await bg()).toBe("rgb(9, 9, 11)");
  // System → Light → Dark → System.
  const toggle = page.getByTestId("theme-toggle");
  await expect(toggle).toHaveAttribute("data-theme-choice", "system");
  await toggle.click();
  await expect(toggle).toHaveAttribute("data-theme-choice", "light");
  expect(await bg()).toBe("rgb(246, 246, 248)");
  await page.reload();
  expect(await bg()).toBe("rgb(246, 246, 248)");
  await page.getByTestId("theme-toggle").click();
  expect(await bg()).toBe("rgb(9, 9, 11)");
  await page.getByTestId("theme-toggle").click();
  await expect(page.getByTestId("theme-toggle")).toHaveAttribute("data-theme-choice", "system");
});

test("tooltips stay on screen at 375 px, and times give seconds on hover", async ({ page }) => {
  await signIn(page, "viewer@acme.test");
  await page.setViewportSize(MOBILE);
  await page.goto("/projects");
  const button = page.getByTestId("new-project");
  await button.focus();
  const tip = page.getByRole("tooltip");
  await expect(tip).toBeVisible();
  const box = await tip.boundingBox();
  expect(box).toBeTruthy();
  if (box) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
  }
  await shot(page, "tooltip-mobile", { fullPage: false });
  const time = page.locator("time[title]").first();
  await expect(time).toHaveAttribute("title", /\d{2}:\d{2}:\d{2} UTC$/);
});
