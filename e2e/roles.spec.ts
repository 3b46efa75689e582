import { expect, test } from "@playwright/test";
import { mainNav, shot, signIn } from "./helpers";

test.describe("role-aware controls", () => {
  test("a viewer sees the lists but no usable create controls", async ({ page }) => {
    await signIn(page, "viewer@acme.test");
    await page.goto("/projects");
    await expect(page.getByTestId("role")).toHaveText("Viewer");
    await expect(page.getByTestId("project-card").first()).toBeVisible();

    const newProject = page.getByTestId("new-project");
    await expect(newProject).toHaveAttribute("aria-disabled", "true");
    await newProject.hover();
    const tip = page.getByRole("tooltip");
    await expect(tip).toHaveText("Requires the Owner, Admin or Developer role. Your role is Viewer.");
    await expect(tip).toBeVisible();
    await shot(page, "viewer-projects", { fullPage: false });
    await newProject.click({ force: true });
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await mainNav(page).getByRole("link", { name: "Rooms" }).click();
    await expect(page.getByTestId("room-row").first()).toBeVisible();
    const newRoom = page.getByTestId("new-room");
    await expect(newRoom).toHaveAttribute("aria-disabled", "true");
    // Keyboard users reach the explanation too.
    await newRoom.focus();
    await expect(page.getByRole("tooltip")).toBeVisible();
    await newRoom.press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The API enforces the same rule.
    const res = await page.request.post("/v1/workspace/projects", { data: { name: "Sneaky" } });
    expect(res.status()).toBe(403);
    expect((await res.json()).code).toBe("forbidden_workspace_role");
  });

  test("a developer can open both create dialogs", async ({ page }) => {
    await signIn(page, "developer@acme.test");
    await page.goto("/projects");
    await page.getByTestId("new-project").click();
    await expect(page.getByRole("dialog", { name: "Create a project" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.goto("/rooms");
    await page.getByTestId("new-room").click();
    await expect(page.getByRole("dialog", { name: "Create a room" })).toBeVisible();
  });
});
