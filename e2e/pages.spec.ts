import { expect, test } from "@playwright/test";
import { expectNoHorizontalOverflow, MOBILE, mainNav, shot, signIn } from "./helpers";

/**
 * Every page in the main navigation, whoever added it: it loads without the error boundary, has a
 * heading, fits a phone, and leaves a screenshot (desktop and 375 px) in e2e/screenshots.
 */
test("every main page renders for the owner, on desktop and at 375 px", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@acme.test");
  const links = await mainNav(page).getByRole("link").all();
  const pages: { href: string; label: string }[] = [];
  for (const link of links) {
    const text = link.locator(".nav-text");
    pages.push({
      href: (await link.getAttribute("href")) ?? "",
      label: (((await text.count()) > 0 ? await text.textContent() : await link.textContent()) ?? "").trim(),
    });
  }
  expect(pages.map((p) => p.href)).toEqual(
    expect.arrayContaining([
      "/projects",
      "/rooms",
      "/recordings",
      "/webhooks",
      "/api-keys",
      "/role",
      "/mailbox",
    ]),
  );

  for (const { href, label } of pages) {
    const name = href.replace(/^\//, "").replace(/\W+/g, "-") || "home";
    await test.step(label, async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      const res = await page.goto(href);
      expect(res?.status(), `${href} answers 200`).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(mainNav(page).getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText("This page could not be loaded")).toHaveCount(0);
      await shot(page, `page-${name}`);
      await page.setViewportSize(MOBILE);
      await expectNoHorizontalOverflow(page);
      await shot(page, `page-${name}-mobile`, { fullPage: false });
    });
  }

  // The phone menu: the switcher, every link and the account, over the page.
  await page.goto("/projects");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(mainNav(page).getByRole("link", { name: "Rooms" })).toBeVisible();
  await shot(page, "page-mobile-menu", { fullPage: false });
  await mainNav(page).getByRole("link", { name: "Rooms" }).click();
  await expect(page).toHaveURL(/\/rooms$/);
  await expect(mainNav(page)).toBeHidden();
});
