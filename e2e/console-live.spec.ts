import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectNoHorizontalOverflow, MOBILE, shot, signIn, unique } from "./helpers";

/**
 * Issue 38 journeys at 1440 and 375 px with axe: a live room, the test inbox, the checklist, search
 * and the audit export. Media reports are sent as the media plane sends them (the e2e server's
 * ingest secret, scripts/e2e.mjs).
 */

const MEDIA = { authorization: "Bearer e2e-media-ingest-secret" };

async function newRoom(page: Page, name: string): Promise<{ id: string; short_code: string }> {
  const projects = await page.request.get("/v1/workspace/projects");
  const project = ((await projects.json()) as { items: { id: string; name: string }[] }).items.find(
    (p) => p.name === "Acme Production",
  );
  const res = await page.request.post("/v1/workspace/rooms", { data: { project_id: project?.id, name } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; short_code: string };
}

async function report(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post("/v1/internal/media-events", {
    headers: MEDIA,
    data: { id: `e2e-${Math.random().toString(36).slice(2)}`, ...body },
  });
  expect(res.status()).toBe(202);
}

for (const [label, size] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", MOBILE],
] as const) {
  test.describe(`issue 38 at ${label}`, () => {
    test.use({ viewport: size });
    // Each journey visits several pages and runs axe on each.
    test.setTimeout(180_000);
    test.beforeEach(async ({ page }) => {
      await signIn(page, "owner@acme.test");
    });

    test("a live room: people arrive, a quality alert, the timeline updates while the page is open", async ({
      page,
    }) => {
      const name = unique(`Live ${label}`);
      const room = await newRoom(page, name);
      await page.goto(`/rooms/${room.id}`);
      await expect(page).toHaveTitle(new RegExp(name));
      await expect(page.getByTestId("present-count")).toHaveText("0 participants");
      for (const who of ["ann", "bob", "cy"]) {
        await report(page, { type: "participant.joined", room_id: room.id, participant: { identity: who } });
      }
      await report(page, {
        type: "qos.alert",
        room_id: room.id,
        participant: { identity: "bob" },
        qos: { kind: "high_rtt", value: 420 },
      });
      // No reload: the page refreshes itself.
      await expect(page.getByTestId("present-count")).toHaveText("3 participants", { timeout: 15_000 });
      await expect(page.getByTestId("participant")).toHaveCount(3);
      await expect(page.getByTestId("timeline")).toContainText("Quality alert: high round-trip time for bob");
      await expect(page.getByTestId("timeline")).toContainText("ann joined");
      await expectAccessible(page, `the live room at ${label}`);
      if (label === "phone") {
        await expectNoHorizontalOverflow(page);
        // The org stays named in the phone's top bar.
        await expect(page.getByTestId("org")).toBeVisible();
      }
      await shot(page, `live-room-${label}`);

      // The Rooms list shows them and finds the room by its share code.
      await page.goto(`/rooms?q=${room.short_code}`);
      const row = page.getByTestId("room-row");
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId("room-present")).toHaveText("3 people");
      await page.goto("/rooms");
      await page.getByLabel("Name or share code").fill(name.slice(0, 8));
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/q=/);
      await expect(page.getByTestId("room-row").filter({ hasText: name })).toBeVisible();
      await expectAccessible(page, `the searched rooms list at ${label}`);
      await shot(page, `rooms-search-${label}`);
    });

    test("a test inbox: one click, a signed delivery arrives and verifies", async ({ page }) => {
      await page.goto("/webhooks");
      await expect(page.getByTestId("inbox-callout")).toBeVisible();
      await page.getByTestId("create-inbox").click();
      await expect(page).toHaveURL(/\/webhooks\/wh_/);
      await expect(page).toHaveTitle(/Test inbox/);
      const message = page.getByTestId("inbox-message").first();
      await expect(message).toBeVisible({ timeout: 15_000 });
      await expect(message.getByTestId("signature-ok")).toHaveText("Signature verified");
      await message.locator("summary").click();
      await expect(message).toContainText("x-svc-webhook-sig");
      await expect(message).toContainText('"type": "webhook.test"');
      await expectAccessible(page, `the test inbox at ${label}`);
      if (label === "phone") await expectNoHorizontalOverflow(page);
      await shot(page, `test-inbox-${label}`);

      // Edit an endpoint, and the catalogue every picker lists.
      await page.goto("/webhooks/events");
      await expect(page.getByTestId("event-entry")).toHaveCount(15); // the catalogue: 14 events and webhook.test (db/enums.ts DELIVERY_EVENT_TYPES)
      await expect(page.getByTestId("event-example").first()).toContainText('"type": "room.created"');
      await expectAccessible(page, `the event catalogue at ${label}`);
      await shot(page, `event-catalogue-${label}`);
    });

    test("the checklist fits the role and hides per member; audit filters and export", async ({ page }) => {
      await page.goto("/");
      const checklist = page.getByTestId("checklist");
      if ((await checklist.count()) > 0) {
        await expect(checklist.locator('[data-step="room"] a')).toHaveAttribute("href", "/rooms");
        await expect(checklist.locator('[data-step="teammate"] a')).toHaveAttribute("href", "/members");
        await expectAccessible(page, `the checklist at ${label}`);
        await shot(page, `checklist-${label}`);
        await page.getByTestId("dismiss-checklist").click();
        await expect(page.getByTestId("checklist")).toHaveCount(0);
        await page.getByTestId("reopen-checklist").click();
        await expect(page.getByTestId("checklist")).toBeVisible();
      }

      await page.goto("/audit");
      await page.getByLabel("Action").selectOption({ label: "Signed in" });
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/action=auth\.signed_in/);
      await expect(page.getByTestId("audit-row").first()).toContainText("Signed in");
      await expectAccessible(page, `the filtered audit log at ${label}`);
      await shot(page, `audit-filtered-${label}`);
      const href = await page.getByTestId("export-csv").getAttribute("href");
      const csv = await page.request.get(href ?? "");
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const lines = (await csv.text()).trim().split("\r\n");
      expect(lines[0]).toContain("created_at,action");
      expect(lines.slice(1).every((l) => l.includes(",auth.signed_in,"))).toBe(true);
    });
  });
}

test("a Member's checklist asks only what a Member can do", async ({ page }) => {
  await signIn(page, "member@acme.test");
  const checklist = page.getByTestId("checklist");
  if ((await checklist.count()) > 0) {
    await expect(checklist.locator('[data-step="api_key"]')).toHaveCount(0);
    await expect(checklist.locator('[data-step="project"]')).toHaveCount(0);
  }
});
