import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  BILLING_HOME,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  mainNav,
  sessionAs,
  shot,
  showAllProjects,
  signIn,
} from "./helpers";

/**
 * Issue 49's console items, each at 1440 and 375 px with axe: names before identities, room
 * finality where it bites, figures that mean their titles, the wording and heading items, the
 * recording player inside its dialog with an 80-character room name, and navigation progress.
 */

// Every test visits its pages at two sizes with axe each time: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

const DESKTOP = { width: 1440, height: 900 };
const SIZES = [
  { name: "desktop", size: DESKTOP },
  { name: "phone", size: MOBILE },
] as const;

/** Runs `check` at both sizes, with axe and no sideways scrolling, and a screenshot of each. */
async function atBothSizes(page: Page, shotName: string, check: () => Promise<void>): Promise<void> {
  for (const { name, size } of SIZES) {
    await page.setViewportSize(size);
    await check();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `${shotName} (${name})`);
    await shot(page, `issue49-${shotName}-${name}`, { fullPage: name === "desktop" });
  }
}

/** The room page of the seeded active webinar. */
async function openWebinar(page: Page): Promise<void> {
  await page.goto("/rooms?q=All-hands");
  await page.getByTestId("room-row").first().getByRole("link", { name: "All-hands webinar" }).click();
  await expect(page.getByTestId("room-title")).toHaveText("All-hands webinar");
}

async function roomId(browser: Browser, name: string): Promise<string> {
  const owner = await sessionAs(browser, "owner@acme.test");
  const res = await owner.request.get(`/v1/workspace/rooms?q=${encodeURIComponent(name)}&limit=1`);
  const body = (await res.json()) as { items: { id: string }[] };
  await owner.close();
  const id = body.items[0]?.id;
  expect(id, `a room named ${name}`).toBeTruthy();
  return id as string;
}

test("a room's people appear by the names they typed: live view, timeline, Remove", async ({ page }) => {
  await signIn(page, "owner@acme.test");
  await showAllProjects(page);
  await openWebinar(page);
  await atBothSizes(page, "names", async () => {
    const present = page.getByTestId("present");
    await expect(present.getByTestId("participant-name")).toContainText(["Grace Hopper"]);
    // The identity is still there, after the name, for support and the API.
    await expect(present.getByTestId("participant").filter({ hasText: "Grace Hopper" })).toContainText(
      /guest_Acme/,
    );
    // No media plane in this test server: Remove is inert with its reason, but named for the person.
    await expect(page.getByRole("button", { name: "Remove Grace Hopper from the room" })).toBeVisible();
    await expect(page.getByTestId("timeline")).toContainText("Grace Hopper joined");
    await expect(page.getByTestId("timeline")).toContainText("host-1 joined");
  });
});

test("room finality is explained where it bites, and an ended room offers a new room like it", async ({
  page,
}) => {
  await signIn(page, "owner@acme.test");
  await showAllProjects(page);
  await page.goto("/rooms?q=Daily");
  await page.getByTestId("room-row").first().getByRole("link", { name: "Daily stand-up" }).click();
  await expect(page.getByTestId("room-title")).toHaveText("Daily stand-up");
  await atBothSizes(page, "ended-room", async () => {
    await expect(page.getByTestId("present")).toContainText("ended for good");
    await expect(page.getByTestId("room-like-this")).toBeVisible();
  });
  await page.setViewportSize(DESKTOP);
  await page.getByTestId("room-like-this").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveValue("Daily stand-up");
  await expect(dialog.getByRole("radio", { name: /Meeting/ })).toBeChecked();
  // Creation says it too.
  await expect(dialog).toContainText("ends for good when its last participant leaves");
  await expectAccessible(page, "new room like this");
  await shot(page, "issue49-new-room-like-this", { fullPage: false });
  await page.keyboard.press("Escape");

  // The checklist's join step warns the owner before they end their own room alone.
  await page.goto("/");
  const checklist = page.getByTestId("checklist");
  if (await checklist.isVisible()) {
    const join = checklist.getByText("Join a room through its share link");
    if (await join.isVisible()) await expect(checklist).toContainText("it ends for good");
  }
});

test("the overview's figures say what they count: room invitations, deliveries retrying, endpoints failing", async ({
  page,
}) => {
  await signIn(page, "owner@acme.test");
  await atBothSizes(page, "overview-figures", async () => {
    await page.goto("/");
    await expect(page.getByTestId("figure-emails").getByRole("heading")).toHaveText("Room invitation emails");
    await expect(page.getByTestId("figure-emails")).toContainText("endpoint notices are not counted");
    await expect(page.getByTestId("deliveries-breakdown")).toContainText(/\d+ succeeded · \d+ retrying/);
  });
});

test("roles read as roles, and pages for other roles keep their heading", async ({ page, browser }) => {
  await signIn(page, "billing@acme.test", undefined, BILLING_HOME);
  await atBothSizes(page, "role-billing", async () => {
    await page.goto("/role");
    await expect(page.getByTestId("role-name")).toHaveText("Billing");
    await expect(page.locator("main")).not.toContainText("You are a");
  });
  const viewer = await browser.newContext();
  const vpage = await viewer.newPage();
  await signIn(vpage, "viewer@acme.test");
  // (A Viewer reads the mailbox; the audit log is Owners' and Admins'.)
  for (const [path, heading] of [["/audit", "Audit log"]] as const) {
    await atBothSizes(vpage, `not-for-role${path.replace("/", "-")}`, async () => {
      await vpage.goto(path);
      await expect(vpage.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(vpage.getByTestId("empty-state")).toContainText("not available to your role");
    });
  }
  await viewer.close();
});

test("the API reference's headings go down one level at a time", async ({ page }) => {
  await signIn(page, "owner@acme.test");
  await page.goto("/api-reference");
  // Open every operation so their inner headings count too.
  await page.locator("details[data-testid=api-operation]").evaluateAll((ds) => {
    for (const d of ds) (d as HTMLDetailsElement).open = true;
  });
  const levels = await page
    .locator("main :is(h1, h2, h3, h4, h5, h6)")
    .evaluateAll((hs) => hs.map((h) => Number(h.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  const skips = levels.flatMap((l, i) =>
    i > 0 && l > (levels[i - 1] ?? 1) + 1 ? [`h${levels[i - 1]}→h${l}`] : [],
  );
  expect(skips, "heading levels skipped").toEqual([]);
});

test("a room heading of 80 characters wraps on a phone instead of being cut", async ({ page, browser }) => {
  const long = `Quarterly planning with the whole product and design organisation ${Date.now().toString(36)}`
    .padEnd(80, "x")
    .slice(0, 80);
  const owner = await sessionAs(browser, "owner@acme.test");
  const projects = (await (await owner.request.get("/v1/workspace/projects?limit=1")).json()) as {
    items: { id: string }[];
  };
  const created = await owner.request.post("/v1/workspace/rooms", {
    data: { project_id: projects.items[0]?.id, name: long },
  });
  expect(created.status()).toBe(201);
  const room = (await created.json()) as { id: string };
  await owner.close();
  await signIn(page, "owner@acme.test");
  await page.goto(`/rooms/${room.id}`);
  await atBothSizes(page, "long-room-title", async () => {
    const title = page.getByTestId("room-title");
    await expect(title).toHaveText(long);
    const cut = await title.evaluate((h) => h.scrollWidth > h.clientWidth + 1);
    expect(cut, "the heading is cut").toBe(false);
  });
});

test("the recording player stays inside its dialog with an 80-character room name", async ({
  page,
  browser,
}) => {
  const long = `Recorded-${Date.now().toString(36)}-`.padEnd(80, "R");
  const id = await roomId(browser, "Daily stand-up");
  const owner = await sessionAs(browser, "owner@acme.test");
  expect((await owner.request.patch(`/v1/workspace/rooms/${id}`, { data: { name: long } })).status()).toBe(
    200,
  );
  await owner.close();
  await signIn(page, "owner@acme.test");
  await showAllProjects(page);
  for (const { name, size } of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/recordings?room=${id}`);
    await page.getByTestId("recording-row").first().getByTestId("play-recording").click();
    const dialog = page.getByRole("dialog");
    const video = dialog.getByTestId("recording-video");
    await expect(video).toBeVisible();
    const d = await dialog.boundingBox();
    const v = await video.boundingBox();
    expect(d && v, "dialog and video are laid out").toBeTruthy();
    if (d && v) {
      expect(v.x, `${name}: the video starts inside the dialog`).toBeGreaterThanOrEqual(d.x - 1);
      expect(v.x + v.width, `${name}: the video ends inside the dialog`).toBeLessThanOrEqual(
        d.x + d.width + 1,
      );
      expect(d.x, `${name}: the dialog is on screen`).toBeGreaterThanOrEqual(0);
      expect(d.x + d.width, `${name}: the dialog is on screen`).toBeLessThanOrEqual(size.width);
    }
    await expectAccessible(page, `recording player (${name})`);
    await shot(page, `issue49-player-long-name-${name}`, { fullPage: false });
    await page.keyboard.press("Escape");
  }
  // Put the name back for other specs that look for the seeded room.
  const restore = await sessionAs(browser, "owner@acme.test");
  await restore.request.patch(`/v1/workspace/rooms/${id}`, { data: { name: "Daily stand-up" } });
  await restore.close();
});

test("Recordings with a project selected says where the organisation's other recordings are", async ({
  page,
  browser,
}) => {
  const owner = await sessionAs(browser, "owner@acme.test");
  const name = `Empty project ${Date.now().toString(36)}`;
  const created = await owner.request.post("/v1/workspace/projects", { data: { name, environment: "dev" } });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: string };
  await owner.close();
  await signIn(page, "owner@acme.test");
  // Opening a project makes it the current one (docs/decisions/1076).
  await page.goto(`/projects/${project.id}`);
  // The switcher remembers it once the page is interactive: wait for that, not a fixed time.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "svc_project")?.value)
    .toBe(project.id);
  await atBothSizes(page, "recordings-elsewhere", async () => {
    await page.goto("/recordings");
    await expect(page.getByTestId("empty-state")).toContainText(`No recordings in ${name} yet`);
    await expect(page.getByTestId("recordings-elsewhere")).toContainText("All projects");
  });
  await page.setViewportSize(DESKTOP);
  await showAllProjects(page);
  // Gone again: later specs read the newest project's rooms (the key page's integration code).
  expect((await page.request.delete(`/v1/workspace/projects/${project.id}`)).status()).toBe(204);
});

test("a navigation in progress shows it, on the link and across the top", async ({ page }) => {
  await signIn(page, "owner@acme.test");
  // Hold the next page's server answer, as a slow server would.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/members(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  for (const { size } of SIZES.slice(0, 1)) await page.setViewportSize(size);
  await mainNav(page).getByRole("link", { name: "Members" }).click();
  await expect(page.getByTestId("nav-pending")).toBeAttached();
  await expect(mainNav(page).getByRole("status")).toHaveText("Loading…");
  await shot(page, "issue49-nav-pending", { fullPage: false });
  release();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByTestId("nav-pending")).toHaveCount(0);
});
