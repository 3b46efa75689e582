import { expect, test } from "@playwright/test";
import { expectNoHorizontalOverflow, MEET_HOST, MOBILE, mainNav, shot, signIn, unique } from "./helpers";

const SHARE_LINK = new RegExp(`^https://${MEET_HOST.replace(/\./g, "\\.")}/r/[a-z]{3}-[a-z]{4}-[a-z]{3}$`);

test.describe("rooms", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "owner@acme.test");
  });

  test("lists rooms with type, state, project and share link; filters by state", async ({ page }) => {
    await mainNav(page).getByRole("link", { name: "Rooms" }).click();
    await expect(page).toHaveURL(/\/rooms$/);
    await expect(page.getByTestId("room-row").first()).toBeVisible();
    await shot(page, "rooms");
    // The seeded project's rooms (other tests add rooms elsewhere).
    await page.getByLabel("Filter by project").selectOption({ label: "Acme Production" });
    await expect(page).toHaveURL(/project_id=/);
    const rows = page.getByTestId("room-row");
    await expect(rows.filter({ hasText: "Daily stand-up" })).toBeVisible();
    await expect(rows.filter({ hasText: "All-hands webinar" }).getByTestId("state-badge")).toHaveText(
      "Active",
    );
    await expect(rows.filter({ hasText: "Launch stream" })).toContainText("Live stream");
    await expect(rows.filter({ hasText: "Launch stream" })).toContainText("Acme Production");

    const states = page.getByRole("navigation", { name: "Filter by state" });
    await states.getByRole("link", { name: "Ended" }).click();
    await expect(page).toHaveURL(/state=ended/);
    await expect(page).toHaveURL(/project_id=/);
    await expect(rows.filter({ hasText: "Daily stand-up" })).toBeVisible();
    await expect(rows.filter({ hasText: "All-hands webinar" })).toHaveCount(0);
    for (const badge of await page.getByTestId("state-badge").all()) await expect(badge).toHaveText("Ended");

    await states.getByRole("link", { name: "Active" }).click();
    await expect(rows.filter({ hasText: "All-hands webinar" })).toBeVisible();
    await expect(rows.filter({ hasText: "Daily stand-up" })).toHaveCount(0);
  });

  test("creates a room of a chosen type and copies its share link", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/rooms");
    const name = unique("Town hall");
    await page.getByTestId("new-room").first().click();
    const dialog = page.getByRole("dialog", { name: "Create a room" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Name (optional)").fill(name);
    await dialog.getByText("Webinar", { exact: true }).click();
    await shot(page, "rooms-create", { fullPage: false });
    await dialog.getByRole("button", { name: "Create room" }).click();

    const ready = page.getByRole("dialog", { name: "Room ready" });
    await expect(ready.getByTestId("room-created")).toContainText(`${name} is ready to join`);
    const link = (await ready.getByTestId("created-share-link").textContent()) ?? "";
    expect(link).toMatch(SHARE_LINK);
    await expect(page.getByTestId("toast").filter({ hasText: "Room created" })).toBeVisible();
    await ready.getByRole("button", { name: "Copy share link" }).click();
    await expect(ready.getByRole("button", { name: "Copy share link" })).toHaveText("Copied");
    await expect(page.getByTestId("toast").filter({ hasText: "Share link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot(page, "rooms-created", { fullPage: false });
    await ready.getByRole("button", { name: "Done" }).click();

    const row = page.getByTestId("room-row").filter({ hasText: name });
    await expect(row).toContainText("Webinar");
    await expect(row.getByTestId("state-badge")).toHaveText("Created");
    await row.getByRole("button", { name: `Copy share link of ${name}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(page.getByTestId("toast").filter({ hasText: "Share link copied" }).first()).toBeVisible();
  });

  test("a room can be created with the keyboard alone", async ({ page }) => {
    await page.goto("/rooms");
    const name = unique("Keyboard room");
    await page.getByTestId("new-room").first().focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Create a room" });
    await expect(dialog.getByLabel("Name (optional)")).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("radio", { name: /Meeting/ })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("radio", { name: /1:1 call/ })).toBeChecked();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Room ready" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("room-row").filter({ hasText: name })).toContainText("1:1 call");
  });

  test("filters by project and pages with Load more", async ({ page }) => {
    // A project with 30 rooms, made through the API with the page's own session.
    const projectName = unique("Paging");
    const created = await page.request.post("/v1/workspace/projects", {
      data: { name: projectName, environment: "dev" },
    });
    expect(created.status()).toBe(201);
    const project = (await created.json()) as { id: string };
    for (let i = 1; i <= 30; i++) {
      const res = await page.request.post("/v1/workspace/rooms", {
        data: { project_id: project.id, name: `Paged room ${String(i).padStart(2, "0")}`, type: "meeting" },
      });
      expect(res.status()).toBe(201);
    }

    await page.goto("/rooms");
    await page.getByLabel("Filter by project").selectOption({ label: projectName });
    await expect(page).toHaveURL(new RegExp(`project_id=${project.id}`));
    const rows = page.getByTestId("room-row");
    await expect(rows).toHaveCount(25);
    await expect(rows.first()).toContainText("Paged room 30");
    await expect(page.getByTestId("room-count")).toHaveText("25 of 30 rooms");
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(rows).toHaveCount(30);
    await expect(rows.last()).toContainText("Paged room 01");
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
    await expect(page.getByTestId("room-count")).toHaveText("30 rooms");

    // The state filter keeps the project filter.
    await page
      .getByRole("navigation", { name: "Filter by state" })
      .getByRole("link", { name: "Ended" })
      .click();
    await expect(page).toHaveURL(/state=ended/);
    await expect(page).toHaveURL(new RegExp(`project_id=${project.id}`));
    await expect(page.getByTestId("empty-state")).toContainText("No rooms match these filters");
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/rooms$/);
  });

  test("the rooms page works at 375 px wide", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/rooms");
    await expect(page.getByTestId("room-row").first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, "mobile-rooms", { fullPage: false });
    await page.getByTestId("new-room").first().click();
    await expect(page.getByRole("dialog", { name: "Create a room" })).toBeVisible();
    await shot(page, "mobile-rooms-create", { fullPage: false });
  });
});
