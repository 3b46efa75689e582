import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectNoHorizontalOverflow, MOBILE, shot, signIn } from "./helpers";

/**
 * Issue 49: lists are searchable and counted "25 of 66" with one pattern (app/_components/list-count.tsx),
 * at 1440 and 375 px with axe: members searched by name or email, the audit log counted and paged.
 * (Rooms: e2e/rooms.spec.ts "25 of 30 rooms"; counts of every list: tests/console-counts.test.ts.)
 */

test.describe.configure({ timeout: 180_000 });

const SIZES = [
  { name: "desktop", size: { width: 1440, height: 900 } },
  { name: "phone", size: MOBILE },
] as const;

async function atBothSizes(page: Page, what: string): Promise<void> {
  for (const { name, size } of SIZES) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `${what} (${name})`);
    await shot(page, `lists-${what.replaceAll(" ", "-")}-${name}`, { fullPage: name === "desktop" });
  }
}

test("members are searched by name or email and counted", async ({ page }) => {
  await signIn(page, "owner@acme.test");
  await page.goto("/members");
  const count = page.getByTestId("member-count");
  await expect(count).toHaveText(/^\d+ members$/);
  const everyone = Number(/^(\d+)/.exec((await count.textContent()) ?? "")?.[1]);
  expect(everyone).toBeGreaterThanOrEqual(6);
  await page.getByLabel("Name or email").fill("admin@acme");
  await page.getByLabel("Name or email").press("Enter");
  await expect(page).toHaveURL(/\/members\?q=admin%40acme/);
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  await expect(count).toHaveText("1 member");
  await atBothSizes(page, "members searched");
  await page.goto("/members?q=nobody-has-this-name");
  await expect(page.getByText("No member matches this search")).toBeVisible();
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(count).toHaveText(`${everyone} members`);
});

test("the audit log says how many entries its filters hold, and pages through them", async ({ page }) => {
  await signIn(page, "owner@acme.test");
  // Enough entries for two pages: 30 renames of a room of our own.
  const projects = (await (await page.request.get("/v1/workspace/projects")).json()) as {
    items: { id: string }[];
  };
  const room = (await (
    await page.request.post("/v1/workspace/rooms", {
      data: { project_id: projects.items[0]?.id, name: "Audit pages", type: "meeting" },
    })
  ).json()) as { id: string };
  for (let i = 0; i < 55; i++)
    expect(
      (
        await page.request.patch(`/v1/workspace/rooms/${room.id}`, { data: { name: `Audit pages ${i}` } })
      ).status(),
    ).toBe(200);
  await page.goto("/audit?action=room.updated");
  const count = page.getByTestId("audit-count");
  await expect(count).toHaveText(/^50 of \d+ entries$/);
  const total = Number(/of (\d+)/.exec((await count.textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThanOrEqual(55);
  await atBothSizes(page, "audit counted");
  await page.getByTestId("audit-count-next").click();
  await expect(count).toHaveText(
    total - 50 >= 50 ? `50 of ${total} entries` : `${total - 50} of ${total} entries`,
  );
  await expect(page.getByTestId("audit-count-first")).toBeVisible();
});

test("projects are searched by name or slug and counted", async ({ page }) => {
  await signIn(page, "owner@acme.test");
  await page.goto("/projects");
  const count = page.getByTestId("project-count");
  await expect(count).toHaveText(/^(\d+ of )?\d+ projects?$/);
  const name = (await page.getByTestId("project-card").first().locator("h2").textContent()) ?? "";
  expect(name.length).toBeGreaterThan(0);
  await page.getByLabel("Name or slug").fill(name);
  await page.getByLabel("Name or slug").press("Enter");
  await expect(page).toHaveURL(/\/projects\?q=/);
  await expect(page.getByTestId("project-card").first()).toContainText(name);
  await expect(count).toHaveText(/^\d+ projects?$/);
  await atBothSizes(page, "projects searched");
  await page.goto("/projects?q=nothing-is-called-this");
  await expect(page.getByText("No project matches this search")).toBeVisible();
});

test("a project's API keys are searched, counted and paged", async ({ page }) => {
  await signIn(page, "owner@acme.test");
  const projects = (await (await page.request.get("/v1/workspace/projects")).json()) as {
    items: { id: string }[];
  };
  const projectId = projects.items[0]?.id ?? "";
  const tag = `pages-${Date.now().toString(36)}`;
  for (let i = 0; i < 27; i++)
    expect(
      (
        await page.request.post(`/v1/workspace/projects/${projectId}/api-keys`, {
          data: { name: `${tag} ${i}` },
        })
      ).status(),
    ).toBe(201);
  await page.goto(`/projects/${projectId}?q=${tag}`);
  const count = page.getByTestId("api-key-count");
  await expect(count).toHaveText("25 of 27 keys");
  await expect(page.getByTestId("api-key-row")).toHaveCount(25);
  await atBothSizes(page, "api keys searched");
  await page.getByTestId("api-key-count-next").click();
  await expect(count).toHaveText("2 of 27 keys");
  await expect(page.getByTestId("api-key-count-first")).toBeVisible();
});

test("the mailbox is searched by subject or address, counted and paged", async ({ page }) => {
  await signIn(page, "owner@acme.test");
  const tag = `mbx-${Date.now().toString(36)}`;
  for (let i = 0; i < 2; i++)
    expect(
      (
        await page.request.post("/v1/workspace/members/invitations", {
          data: { email: `${tag}-${i}@example.com`, role: "Viewer" },
        })
      ).status(),
    ).toBe(201);
  await page.goto("/mailbox");
  await expect(page.getByTestId("mailbox-count")).toHaveText(/^(\d+ of )?\d+ emails?$/);
  await page.getByLabel("Subject or address").fill(tag);
  await page.getByLabel("Subject or address").press("Enter");
  await expect(page).toHaveURL(/\/mailbox\?q=/);
  await expect(page.getByTestId("mailbox-row")).toHaveCount(2);
  await expect(page.getByTestId("mailbox-count")).toHaveText("2 emails");
  await atBothSizes(page, "mailbox searched");
  await page.goto("/mailbox?q=nothing-is-addressed-so");
  await expect(page.getByText("No email matches this search")).toBeVisible();
});
