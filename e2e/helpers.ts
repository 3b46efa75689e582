import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type Cookie,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";

export const PASSWORD = "demo-password";
/** The meet host scripts/e2e.mjs gives the server (SVC_MEET_HOST). */
export const MEET_HOST = process.env.E2E_MEET_HOST ?? "meet.svc.test";
export const SHOTS = path.join(import.meta.dirname, "screenshots");
/**
 * `E2E_SCREENSHOTS=0` takes none: CI sets it (a throwaway clone's pictures are seen by nobody,
 * and the hundred-odd full-page PNGs cost a minute or two of its two cores).
 */
const TAKE_SHOTS = process.env.E2E_SCREENSHOTS !== "0";
export const MOBILE = { width: 375, height: 812 };
/** The console's overview (`/`), where a sign-in lands. */
export const HOME = /^https?:\/\/[^/]+\/$/;
/** A Billing member's home: Usage (issue 44). */
export const BILLING_HOME = /^https?:\/\/[^/]+\/usage$/;

/**
 * A worker's signed-in sessions, by server, address and password: the cookies a sign-in through the
 * page left, and where it landed. The sign-in page itself is what e2e/auth.spec.ts and the first
 * sign-in of each person test; after that, a test starts from the same session as a returning
 * visitor would (the page's flow took about 4 s of each test's 7 to 15).
 */
const sessions = new Map<string, { cookies: Cookie[]; landedAt: string }>();

/**
 * Signs in and waits for the console: the first time through the real sign-in page (next-auth
 * credentials), afterwards with that sign-in's session cookies. A session that no longer holds
 * (signed out everywhere, password changed, member removed) sends the page to sign-in; then the
 * page's flow runs again.
 */
export async function signIn(
  page: Page,
  email: string,
  password = PASSWORD,
  landing: RegExp = HOME,
): Promise<void> {
  const key = `${test.info().project.use.baseURL ?? ""} ${email} ${password}`;
  const context = page.context();
  const kept = sessions.get(key);
  if (kept) {
    await context.addCookies(kept.cookies);
    await page.goto(kept.landedAt);
    const who = page.getByTestId("who");
    // The console, or the sign-in page it sends a session that no longer holds to.
    await who
      .or(page.getByRole("button", { name: "Sign in" }))
      .first()
      .waitFor()
      .catch(() => {});
    if (landing.test(page.url()) && (await who.isVisible())) return;
    sessions.delete(key);
    await context.clearCookies();
  }
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(landing);
  await expect(page.getByTestId("who")).toBeVisible();
  sessions.set(key, { cookies: await context.cookies(), landedAt: new URL(page.url()).pathname });
}

export function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/**
 * A screenshot in e2e/screenshots once fonts are in and animations have settled: the full page, or
 * only the viewport (`{ fullPage: false }`) for dialogs and phone-sized pages.
 */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (!TAKE_SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  const fullPage = opts.fullPage ?? true;
  await page.screenshot({
    path: path.join(SHOTS, `${name}.png`),
    fullPage,
    animations: "disabled",
    // Toasts are fixed to the viewport; in a full-page picture they would float over the content.
    ...(fullPage ? { style: ".toasts { display: none !important; }" } : {}),
  });
}

/** True when nothing is wider than the viewport (no sideways scrolling on a phone). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, "page is wider than the viewport").toBeLessThanOrEqual(client);
}

/** A name no earlier run used, so the suite also runs against a long-lived server. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}`;
}

export function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/**
 * axe-core on the page as it is now: no serious or critical violation (WCAG 2.0/2.1 A and AA rules
 * plus axe's best practices). The failure message lists each rule with the elements it hit.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = bad
    .map(
      (v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}`).join("\n")}`,
    )
    .join("\n");
  expect(bad, `${what}: axe found serious or critical violations\n${report}`).toEqual([]);
}

/**
 * A signed-in browser context of its own (not the test's page), e.g. an owner preparing data for a
 * viewer's test through the API with its cookie. Close it when done.
 */
export async function sessionAs(browser: Browser, email: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await page.close();
  return context;
}

/**
 * Sets the sidebar's project switcher to All projects, as a user would: opening a project makes it
 * the current one, and project-scoped lists then show only its items (docs/decisions/1076).
 */
export async function showAllProjects(page: Page): Promise<void> {
  await page
    .getByTestId("project-switcher")
    .getByRole("button", { name: /Switch project/ })
    .click();
  await page.getByTestId("switch-all-projects").click();
  await expect(page.getByTestId("current-project")).toHaveText("All projects");
}

/** Controls that create or change something: for a role without the permission they must be inert. */
export async function expectInert(locator: Locator, tooltip: string | RegExp): Promise<void> {
  await expect(locator).toHaveAttribute("aria-disabled", "true");
  const tipId = await locator.getAttribute("aria-describedby");
  expect(tipId, "an inert control names its tooltip").toBeTruthy();
  await expect(locator.page().locator(`[id="${tipId}"]`)).toHaveText(tooltip);
}

/**
 * The reason of a blocked control: shown once it is pressed (a tap), not only on hover. The room
 * page's controls get their code on that press (app/_components/intent-island.tsx) and render anew
 * with new ids, so the description's id is read again until it names the reason.
 */
export async function expectReasonOnPress(page: Page, testId: string, reason: RegExp): Promise<void> {
  const control = page.getByTestId(testId).first();
  await expect(control).toHaveAttribute("aria-disabled", "true");
  await page.mouse.move(0, 0);
  // A real press (Playwright counts aria-disabled controls as disabled and would wait for them).
  await control.click({ force: true });
  await expect(async () => {
    const tip = page.locator(`[id="${await control.getAttribute("aria-describedby")}"]`);
    await expect(tip).toHaveText(reason, { timeout: 1000 });
    await expect(tip).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}
