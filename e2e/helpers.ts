import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const PASSWORD = "demo-password";
/** The meet host scripts/e2e.mjs gives the server (SVC_MEET_HOST). */
export const MEET_HOST = process.env.E2E_MEET_HOST ?? "meet.svc.test";
export const SHOTS = path.join(import.meta.dirname, "screenshots");
export const MOBILE = { width: 375, height: 812 };

/** Signs in through the real sign-in page (next-auth credentials) and waits for the console. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByTestId("who")).toBeVisible();
}

export function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/**
 * A screenshot in e2e/screenshots once fonts are in and animations have settled: the full page, or
 * only the viewport (`{ fullPage: false }`) for dialogs and phone-sized pages.
 */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: path.join(SHOTS, `${name}.png`),
    fullPage: opts.fullPage ?? true,
    animations: "disabled",
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
