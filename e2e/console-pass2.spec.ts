import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  expectReasonOnPress,
  MOBILE,
  sessionAs,
  shot,
  signIn,
  slugOf,
  unique,
} from "./helpers";

/**
 * Issue 38, second pass, at 1440 and 375 px with axe: removing a participant (inert with its reason
 * where the service has no media plane, as the e2e server; the removal itself runs against a real
 * Janus in tests/media-e2e/rooms.spec.ts), disabled reasons without hover, the overview charts'
 * day labels, specific page titles, confirmation before revoking an invitation, and a webhook URL
 * shown whole with a copy button.
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

async function join(page: Page, roomId: string, identity: string) {
  const res = await page.request.post("/v1/internal/media-events", {
    headers: MEDIA,
    data: {
      id: `e2e-${Math.random().toString(36).slice(2)}`,
      type: "participant.joined",
      room_id: roomId,
      participant: { identity },
    },
  });
  expect(res.status()).toBe(202);
}

for (const [label, size] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", MOBILE],
] as const) {
  test.describe(`issue 38 second pass at ${label}`, () => {
    test.use({ viewport: size });
    test.setTimeout(180_000);

    test("Remove beside each participant, inert with the reason when it cannot work", async ({
      page,
      browser,
    }) => {
      await signIn(page, "developer@acme.test");
      const name = unique(`Kick ${label}`);
      const room = await newRoom(page, name);
      await join(page, room.id, "ann");
      await join(page, room.id, "bob@example.com");
      await page.goto(`/rooms/${room.id}`);
      await expect(page.getByTestId("participant")).toHaveCount(2);
      const remove = page
        .getByTestId("participant")
        .filter({ hasText: "ann" })
        .getByTestId("remove-participant");
      // Its name holds its visible text (WCAG 2.5.3) and says whom it removes.
      await expect(remove).toHaveAccessibleName("Remove ann from the room");
      // The e2e server has no media plane (SVC_MEDIA_PLANE=none): nobody could be removed.
      await expectReasonOnPress(page, "remove-participant", /No media plane is configured/);
      await expectAccessible(page, `the room's participants with Remove at ${label}`);
      if (label === "phone") await expectNoHorizontalOverflow(page);
      await shot(page, `remove-participant-reason-${label}`, { fullPage: false });
      const api = await page.request.delete(`/v1/workspace/rooms/${room.id}/participants/ann`);
      expect(api.status()).toBe(409);
      expect((await api.json()).code).toBe("conflict");

      // A Viewer is told which roles may remove; the API refuses them too.
      const context = await sessionAs(browser, "viewer@acme.test");
      const viewer = await context.newPage();
      await viewer.setViewportSize(size);
      await viewer.goto(`/rooms/${room.id}`);
      await expectReasonOnPress(
        viewer,
        "remove-participant",
        /Owner, Admin or Developer role\. Your role is Viewer/,
      );
      const refused = await viewer.request.delete(`/v1/workspace/rooms/${room.id}/participants/ann`);
      expect(refused.status()).toBe(403);
      // A blocked form says why beside its button, with no hover or press at all.
      const reason = viewer.getByTestId("invite-form").locator(".blocked-reason");
      await expect(reason).toBeVisible();
      await expect(reason).toContainText("Your role is Viewer");
      await expectAccessible(viewer, `a Viewer's room page at ${label}`);
      await shot(viewer, `room-viewer-reasons-${label}`);
      await context.close();
    });

    test("overview charts name their days; titles name the thing; revoking asks first; URLs copy", async ({
      page,
    }) => {
      await signIn(page, "owner@acme.test");
      await page.goto("/");
      const days = page.getByTestId("spark-days").first();
      await expect(days.locator("span")).toHaveCount(7);
      const today = new Date();
      await expect(days.locator("span").last()).toContainText(String(today.getUTCDate()));
      // Each label sits under its bar and fits it.
      const bars = await page.locator("svg.spark").first().boundingBox();
      const labels = await days.boundingBox();
      expect(bars && labels && Math.abs(bars.width - labels.width) < 2).toBe(true);
      for (const span of await days.locator("span").all()) {
        const box = await span.boundingBox();
        const fits = await span.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
        expect(box && box.height > 0 && fits).toBe(true);
      }
      await expectAccessible(page, `the overview charts at ${label}`);
      await days.scrollIntoViewIfNeeded();
      await shot(page, `overview-days-${label}`, { fullPage: false });

      // Specific page titles.
      await page.goto("/projects");
      await page
        .getByTestId("project-card")
        .filter({ hasText: "Acme Production" })
        .getByRole("link")
        .first()
        .click();
      await expect(page).toHaveTitle(/^Acme Production · Projects/);

      // Revoking an invitation asks first; Cancel leaves it.
      const email = `${unique("invitee")
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "")}@example.com`;
      const invited = await page.request.post("/v1/workspace/members/invitations", {
        data: { email, role: "Viewer" },
      });
      expect(invited.status()).toBe(201);
      await page.goto("/members");
      const row = page.locator(`[data-testid="invitation-row"][data-email="${email}"]`);
      await row.getByTestId("revoke-invitation").click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(`Revoke the invitation to ${email}?`);
      await expectAccessible(page, `revoke confirmation at ${label}`);
      await shot(page, `revoke-invitation-confirm-${label}`, { fullPage: false });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(row).toBeVisible();
      await row.getByTestId("revoke-invitation").click();
      await page.getByTestId("confirm-revoke-invitation").click();
      await expect(row).toHaveCount(0);

      // A webhook endpoint's URL whole, with a copy button, at any width.
      const url = `https://hooks.example.com/${slugOf(unique("svc"))}/a/rather/long/path/for/a/phone`;
      const hook = await page.request.post("/v1/workspace/webhooks", {
        data: { url, events: ["room.created"] },
      });
      expect(hook.status()).toBe(201);
      const { id } = (await hook.json()) as { id: string };
      await page.goto(`/webhooks/${id}`);
      await expect(page).toHaveTitle(/hooks\.example\.com/);
      const shown = page.getByTestId("endpoint-url");
      await expect(shown).toContainText(url);
      await expect(shown.getByRole("button", { name: "Copy the endpoint URL" })).toBeVisible();
      if (label === "phone") await expectNoHorizontalOverflow(page);
      await expectAccessible(page, `an endpoint's page at ${label}`);
      await shot(page, `endpoint-url-${label}`, { fullPage: false });
    });
  });
}
