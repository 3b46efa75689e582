import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  expectInert,
  expectNoHorizontalOverflow,
  MOBILE,
  shot,
  showAllProjects,
  signIn,
  slugOf,
  unique,
} from "./helpers";

/**
 * Issue 16 in the console: rename and delete a project (the confirmation names what goes with it),
 * rename and end a room, delete a recording; each control inert, with the roles that may, for the
 * others. At 1440 px and 375 px, with axe on every dialog.
 */

const MEDIA_SECRET = process.env.E2E_MEDIA_SECRET ?? "e2e-media-ingest-secret";
const WIDTHS = [
  { name: "desktop", size: { width: 1440, height: 900 } },
  { name: "phone", size: MOBILE },
] as const;

async function newProject(page: Page, name: string): Promise<{ id: string; slug: string }> {
  const res = await page.request.post("/v1/workspace/projects", { data: { name, slug: slugOf(name) } });
  expect(res.status()).toBe(201);
  return res.json();
}

async function newRoom(
  page: Page,
  projectId: string,
  name: string,
): Promise<{ id: string; short_code: string }> {
  const res = await page.request.post("/v1/workspace/rooms", { data: { project_id: projectId, name } });
  expect(res.status()).toBe(201);
  return res.json();
}

for (const { name: width, size } of WIDTHS) {
  test.describe(`resources at ${width} width`, () => {
    test.use({ viewport: size });

    test("an owner renames a project, then deletes it after reading what goes with it", async ({ page }) => {
      await signIn(page, "owner@acme.test");
      const name = unique(`Scratch ${width}`);
      const project = await newProject(page, name);
      await newRoom(page, project.id, "Doomed room");
      await page.goto(`/projects/${project.id}`);
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page);

      await page.getByTestId("edit-project").click();
      const edit = page.getByRole("dialog", { name: `Edit ${name}` });
      await expect(edit).toBeVisible();
      await expect(edit.getByLabel("Name")).toHaveValue(name);
      await edit.getByLabel("Name").fill("");
      await edit.getByRole("button", { name: "Save changes" }).click();
      await expect(edit.getByText("Give the project a name.")).toBeVisible();
      await expectAccessible(page, "edit project dialog");
      await shot(page, `resources-project-edit-${width}`, { fullPage: false });
      const renamed = `${name} renamed`;
      await edit.getByLabel("Name").fill(renamed);
      await edit.getByText("Staging", { exact: true }).click();
      await edit.getByRole("button", { name: "Save changes" }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
      await expect(page.getByTestId("env-badge").first()).toHaveText("Staging");

      await page.getByTestId("delete-project").click();
      const confirm = page.getByRole("dialog", { name: `Delete ${renamed}?` });
      await expect(confirm).toBeVisible();
      const said = confirm.getByTestId("delete-project-consequences");
      // Only what goes with it is named: one open room, and no zero counts.
      await expect(said).toContainText("1 room that has not ended is ended.");
      await expect(said).not.toContainText("API key");
      await expect(said).not.toContainText("recording");
      await expect(said).toContainText(project.slug);
      await expectAccessible(page, "delete project dialog");
      await expectNoHorizontalOverflow(page);
      await shot(page, `resources-project-delete-${width}`, { fullPage: false });
      await confirm.getByRole("button", { name: "Delete project" }).click();
      await expect(page).toHaveURL(/\/projects$/);
      await expect(page.getByTestId("toast").filter({ hasText: "Project deleted" })).toBeVisible();
      await expect(page.getByTestId("project-card").filter({ hasText: renamed })).toHaveCount(0);
      expect((await page.request.get(`/v1/workspace/projects/${project.id}`)).status()).toBe(404);
    });

    test("an owner renames a room and ends it; End is then refused with the reason", async ({ page }) => {
      await signIn(page, "owner@acme.test");
      const project = await newProject(page, unique(`Rooms ${width}`));
      const room = await newRoom(page, project.id, "Weekly sync");
      await page.goto(`/rooms/${room.id}`);
      await expect(page.getByTestId("room-title")).toHaveText("Weekly sync");
      await expectNoHorizontalOverflow(page);

      await page.getByTestId("rename-room").click();
      const rename = page.getByRole("dialog", { name: "Rename the room" });
      await expect(rename.getByLabel("Name", { exact: true })).toHaveValue("Weekly sync");
      await rename.getByLabel("Name", { exact: true }).fill("   ");
      await rename.getByRole("button", { name: "Save name" }).click();
      await expect(rename.getByText("Give the room a name.")).toBeVisible();
      await expectAccessible(page, "rename room dialog");
      await rename.getByLabel("Name", { exact: true }).fill("Weekly retro");
      await rename.getByRole("button", { name: "Save name" }).click();
      await expect(rename).toBeHidden();
      await expect(page.getByTestId("room-title")).toHaveText("Weekly retro");

      await page.getByTestId("end-room").click();
      const confirm = page.getByRole("dialog", { name: "End Weekly retro?" });
      await expect(confirm).toContainText("new room tokens for it are refused");
      await expectAccessible(page, "end room dialog");
      await shot(page, `resources-room-end-${width}`, { fullPage: false });
      await confirm.getByRole("button", { name: "End room" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Room ended" })).toBeVisible();
      await expect(page.getByTestId("state-badge").first()).toHaveText("Ended");
      await expectInert(page.getByTestId("end-room"), "This room has already ended.");
      await expectNoHorizontalOverflow(page);
      await shot(page, `resources-room-ended-${width}`);
    });

    test("an owner deletes a recording from the list", async ({ page }) => {
      await signIn(page, "owner@acme.test");
      const project = await newProject(page, unique(`Recs ${width}`));
      const roomName = unique("Recorded talk");
      const room = await newRoom(page, project.id, roomName);
      const report = await page.request.post("/v1/internal/media-events", {
        headers: { authorization: `Bearer ${MEDIA_SECRET}` },
        data: {
          id: `e2e-${room.id}`,
          type: "recording.completed",
          room_id: room.id,
          recording: { object_key: `recordings/e2e/${room.id}.mp4`, duration_sec: 42, size_bytes: 1000 },
        },
      });
      expect(report.status()).toBe(202);
      await page.goto("/recordings");
      const row = page.getByTestId("recording-row").filter({ hasText: roomName });
      await expect(row).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await row.getByTestId("delete-recording").click();
      const confirm = page.getByRole("dialog", { name: `Delete the recording of ${roomName}?` });
      await expect(confirm).toContainText("download links already shared stop working");
      await expectAccessible(page, "delete recording dialog");
      await shot(page, `resources-recording-delete-${width}`, { fullPage: false });
      await confirm.getByRole("button", { name: "Delete recording" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Recording deleted" })).toBeVisible();
      await expect(row).toHaveCount(0);
    });
  });
}

test("each action is inert, naming the roles that may, for roles without it", async ({ page }) => {
  await signIn(page, "developer@acme.test");
  const project = await newProject(page, unique("Dev project"));
  const room = await newRoom(page, project.id, "Dev room");
  await page.goto(`/projects/${project.id}`);
  // A Developer edits but does not delete.
  await expect(page.getByTestId("edit-project")).not.toHaveAttribute("aria-disabled", "true");
  await expectInert(
    page.getByTestId("delete-project"),
    "Requires the Owner or Admin role. Your role is Developer.",
  );
  // Opening the project made it the switcher's current project (docs/decisions/1076), whose list
  // of recordings is empty: back to All projects, where the demo data's recordings are.
  await page.context().addCookies([{ name: "svc_project", value: "all", url: new URL(page.url()).origin }]);
  await page.goto("/recordings");
  // Opening the new project made it the current one; the demo data's recordings are in another.
  await showAllProjects(page);
  // The demo data's recordings are listed; a Developer may download but not delete them.
  await expectInert(
    page.getByTestId("delete-recording").first(),
    "Requires the Owner or Admin role. Your role is Developer.",
  );

  await page.context().clearCookies();
  await signIn(page, "viewer@acme.test");
  await page.goto(`/projects/${project.id}`);
  await expectInert(
    page.getByTestId("edit-project"),
    "Requires the Owner, Admin or Developer role. Your role is Viewer.",
  );
  await expectInert(
    page.getByTestId("delete-project"),
    "Requires the Owner or Admin role. Your role is Viewer.",
  );
  await expectAccessible(page, "project page as a viewer");
  await page.goto(`/rooms/${room.id}`);
  await expectInert(
    page.getByTestId("rename-room"),
    "Requires the Owner, Admin or Developer role. Your role is Viewer.",
  );
  await expectInert(
    page.getByTestId("end-room"),
    "Requires the Owner, Admin or Developer role. Your role is Viewer.",
  );
  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await shot(page, "resources-room-viewer-phone");
});
