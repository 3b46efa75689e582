import { expect, test } from "@playwright/test";
import { expectNoHorizontalOverflow, MOBILE, shot, signIn, slugOf, unique } from "./helpers";

test.describe("projects", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "owner@acme.test");
    await page.goto("/projects");
  });

  test("lists the org's projects with their environment", async ({ page }) => {
    await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
    const card = page.getByTestId("project-card").filter({ hasText: "Acme Production" });
    await expect(card).toBeVisible();
    await expect(card.getByText("acme-prod")).toBeVisible();
    await expect(card.getByTestId("env-badge")).toHaveText("Production");
    // Another org's project never shows.
    await expect(page.getByText("Globex Production")).toHaveCount(0);
    await shot(page, "projects");
  });

  test("creates a project, validated in the browser with the API's schema", async ({ page }) => {
    const name = unique("Mobile app");
    const slug = slugOf(name);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/v1/workspace/projects")) posts.push(r.url());
    });

    await page.getByTestId("new-project").first().click();
    const dialog = page.getByRole("dialog", { name: "Create a project" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await shot(page, "projects-create", { fullPage: false });

    // Client-side validation: nothing is sent.
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expect(dialog.getByText("Give the project a name.")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Slug (optional)").fill("No Caps");
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expect(
      dialog.getByText("Use 3 to 63 lower-case letters, digits or dashes, e.g. mobile-app."),
    ).toBeVisible();
    expect(posts).toHaveLength(0);

    await dialog.getByLabel("Slug (optional)").fill(slug);
    await dialog.getByText("Staging", { exact: true }).click();
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("toast").filter({ hasText: "Project created" })).toBeVisible();
    const card = page.getByTestId("project-card").filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("env-badge")).toHaveText("Staging");
    expect(posts).toHaveLength(1);

    // The same slug again: the API's 409 slug_taken lands on the slug field.
    await page.getByTestId("new-project").first().click();
    await dialog.getByLabel("Name").fill(`${name} copy`);
    await dialog.getByLabel("Slug (optional)").fill(slug);
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expect(dialog.getByText(`“${slug}” is already used by another project`)).toBeVisible();
    await expect(dialog.getByLabel("Slug (optional)")).toHaveAttribute("aria-invalid", "true");
    await shot(page, "projects-slug-taken", { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // The environment filter.
    await page
      .getByRole("navigation", { name: "Filter by environment" })
      .getByRole("link", { name: "Staging" })
      .click();
    await expect(page).toHaveURL(/environment=staging/);
    await expect(page.getByTestId("project-card").filter({ hasText: name })).toBeVisible();
    await expect(page.getByTestId("project-card").filter({ hasText: "Acme Production" })).toHaveCount(0);
    await page.getByRole("link", { name: "Development" }).click();
    await expect(page).toHaveURL(/environment=dev/);
    await expect(page.getByTestId("project-card").filter({ hasText: name })).toHaveCount(0);
    // A fresh database has no development project yet; a long-lived one may.
    const devCards = page.getByTestId("project-card");
    if ((await devCards.count()) === 0) {
      await expect(page.getByTestId("empty-state")).toContainText("No development projects");
    } else {
      for (const badge of await devCards.getByTestId("env-badge").all())
        await expect(badge).toHaveText("Development");
    }
    await shot(page, "projects-empty-filter");
  });

  test("the project page works at 375 px wide", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.reload();
    await expect(page.getByTestId("project-card").first()).toBeVisible();
    await expect(page.getByTestId("role")).toBeVisible();
    await expect(page.getByTestId("mode")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, "mobile-projects", { fullPage: false });
    await page.getByTestId("new-project").first().click();
    const dialog = page.getByRole("dialog", { name: "Create a project" });
    await expect(dialog).toBeVisible();
    await shot(page, "mobile-projects-create", { fullPage: false });
  });
});
